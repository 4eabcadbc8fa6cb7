import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { SignInPage } from './pages/SignInPage';
import { QueryCreateModel, TicketListModel, TicketThreadModel } from './pages/TicketPages';

test('a member opens a ticket, the admin answers and closes it, the member sees the answer and the closed status', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await registerViaApi(request, 'ticket');
  const subject = `Deposit not credited ${Date.now()}`;

  // Member: a new query.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  const create = new QueryCreateModel(page);
  await create.goto();
  await create.form.getByRole('button', { name: 'Send query' }).click();
  await expect(create.form).toContainText('Subject is required');
  await expect(create.form).toContainText('Message is required');
  await create.field('Subject').fill(subject);
  await create.chooseCategory('Deposit');
  await create.field('Message').fill('I sent 50 USDT an hour ago and it is not in my wallet yet.');
  await create.form.getByRole('button', { name: 'Send query' }).click();
  await expect(page.getByText('Ticket created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/queries\/\d+$/);
  const ticketPath = new URL(page.url()).pathname;
  const ticketId = ticketPath.split('/').pop();

  const thread = new TicketThreadModel(page);
  await expect(thread.status).toHaveText('Open');
  await expect(thread.messages()).toHaveCount(1);
  await expect(thread.messages().first()).toContainText('I sent 50 USDT an hour ago');

  const mine = new TicketListModel(page);
  await mine.goto('member');
  await expect(mine.row(subject)).toContainText('Open');

  // Admin: finds it, answers, closes it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminSignIn = new SignInPage(admin, 'admin');
  await adminSignIn.goto();
  await adminSignIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(admin).toHaveURL(/\/admin\/dashboard$/);

  const all = new TicketListModel(admin);
  await all.goto('admin');
  await admin.getByRole('textbox', { name: 'Search tickets' }).fill(subject);
  await expect(all.rows).toHaveCount(1);
  await expect(all.row(subject)).toContainText(member.username);
  await all.row(subject).getByRole('link', { name: subject }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/ticket/${ticketId}$`));

  const adminThread = new TicketThreadModel(admin);
  await expect(adminThread.messages().first()).toContainText('I sent 50 USDT an hour ago');
  await adminThread
    .replyBox('Answer')
    .fill('Thanks, it was credited a minute ago. Please check your wallet.');
  await admin.getByRole('button', { name: 'Send answer' }).click();
  await expect(admin.getByText('Response added successfully!')).toBeVisible();
  await expect(adminThread.messages()).toHaveCount(2);
  // An admin's first answer moves an open ticket along.
  await expect(adminThread.status).toHaveText('In progress');

  // One step: Close ticket, confirmed in a dialog.
  await admin.getByRole('button', { name: 'Close ticket' }).click();
  await admin
    .getByRole('dialog', { name: 'Close this ticket?' })
    .getByRole('button', { name: 'Close ticket' })
    .click();
  await expect(admin.getByText('Ticket status updated successfully!')).toBeVisible();
  await expect(adminThread.status).toHaveText('Closed');
  await adminContext.close();

  // Member: the answer from support, the closed status, and no more replies.
  await page.goto(ticketPath);
  await expect(thread.status).toHaveText('Closed');
  await expect(thread.messages()).toHaveCount(2);
  await expect(thread.messages().nth(1)).toContainText('Support team');
  await expect(thread.messages().nth(1)).toContainText('it was credited a minute ago');
  await expect(page.getByText('This query is closed')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Your reply' })).toHaveCount(0);

  await mine.goto('member');
  await expect(mine.row(subject)).toContainText('Closed');
});
