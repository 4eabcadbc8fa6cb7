import { demoAdmin, expect, registerViaApi, test } from './fixtures';
import { approveAsSecondAdmin } from './pages/ApprovalPages';
import { apiSignIn } from './pages/MoneyApi';
import { putSettings } from './pages/outbox';
import { SettingsModel } from './pages/SettingsModel';
import { SignInPage } from './pages/SignInPage';
import { QueryCreateModel } from './pages/TicketPages';

test.beforeEach(async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an admin turns support off and a fee up after reviewing the change with a reason; members are refused', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const settings = new SettingsModel(page);
  try {
    await settings.goto();
    await expect(settings.switch('Support')).toBeChecked();
    await expect(settings.field('ROI withdrawal fee')).toHaveValue('5');
    await expect(settings.review).toBeDisabled();

    await settings.switch('Support').click();
    await settings.field('ROI withdrawal fee').fill('6');
    await expect(page.getByTestId('unsaved-count')).toHaveText('2 unsaved changes');

    // A value the server cannot take is named before anything is sent.
    await settings.field('Level 3 percent').fill('4,5');
    await settings.review.click();
    await expect(page.getByText('One value needs fixing before saving.')).toBeVisible();
    await expect(settings.dialog).toHaveCount(0);
    await settings.field('Level 3 percent').fill('4');

    await settings.review.click();
    await expect(settings.change('Support')).toContainText('On');
    await expect(settings.change('Support')).toContainText('Off');
    await expect(settings.change('ROI withdrawal fee')).toContainText('5%');
    await expect(settings.change('ROI withdrawal fee')).toContainText('6%');
    await expect(settings.dialog.getByRole('row')).toHaveCount(3);
    await settings.dialog.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.dialog).toContainText('Say why the settings change.');
    // The switch applies at once; the fee, an economic number, waits for a second admin (decision 0024).
    const raised = await settings.saveWaiting('Support desk closed for the holiday');
    await expect(settings.switch('Support')).not.toBeChecked();
    await expect(settings.field('ROI withdrawal fee')).toHaveValue('5');
    await approveAsSecondAdmin(request, raised);

    await page.reload();
    await expect(settings.switch('Support')).not.toBeChecked();
    await expect(settings.field('ROI withdrawal fee')).toHaveValue('6');

    // A member's new query is refused with the switch's message.
    const member = await registerViaApi(request, 'closed');
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    const signIn = new SignInPage(memberPage);
    await signIn.goto();
    await signIn.signIn(member.email, member.password);
    await expect(memberPage).toHaveURL(/\/user\/dashboard$/);
    const create = new QueryCreateModel(memberPage);
    await create.goto();
    await create.field('Subject').fill('Anyone there?');
    await create.field('Message').fill('Hello.');
    await create.form.getByRole('button', { name: 'Send query' }).click();
    await expect(create.form.getByRole('alert')).toHaveText('Support is closed.');
    await memberContext.close();

    // And back on, through the screen.
    await settings.switch('Support').click();
    await settings.field('ROI withdrawal fee').fill('5');
    await settings.review.click();
    const lowered = await settings.saveWaiting('Support desk open again');
    await expect(settings.switch('Support')).toBeChecked();
    await expect(settings.field('ROI withdrawal fee')).toHaveValue('6');
    await approveAsSecondAdmin(request, lowered);
    await page.reload();
    await expect(settings.field('ROI withdrawal fee')).toHaveValue('5');
  } finally {
    await putSettings(request, {
      features: { support: true },
      withdrawal: {
        workingMinimum: '20',
        workingFeePercent: '10',
        roiFeePercent: '5',
        compoundFeePercent: '5',
        principalFeeWithin10DaysPercent: '20',
        principalFeeWithin20DaysPercent: '10',
      },
    });
  }
});

test('an admin publishes, edits and deletes news, and reads the mail outbox', async ({ page, request }) => {
  const settings = new SettingsModel(page);
  const title = `Platform update ${Date.now()}`;
  await settings.goto('News');

  await page.getByRole('button', { name: 'Add news' }).click();
  const add = page.getByRole('dialog', { name: 'Add news' });
  await add.getByRole('button', { name: 'Publish' }).click();
  await expect(add).toContainText('Title is required');
  await add.getByRole('textbox', { name: 'Title' }).fill(title);
  await add.getByRole('textbox', { name: 'Text' }).fill('Withdrawals are now processed twice a day.');
  await add.getByRole('button', { name: 'Publish' }).click();
  await expect(add).toBeHidden();
  const row = page.locator('tbody tr').filter({ hasText: title });
  await expect(row).toContainText('Published');

  await row.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit news' });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
  await edit.getByRole('switch', { name: 'Published' }).click();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Draft');

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tbody tr').filter({ hasText: title })).toHaveCount(0);

  // The outbox lists what the platform e-mailed (a reset link asked for just now).
  const member = await registerViaApi(request, 'outbox');
  await request.post('/api/v1/pass/forget', { data: { email: member.email } });
  await page.getByRole('tab', { name: 'Mail outbox' }).click();
  const mail = page.locator('tbody tr').filter({ hasText: member.email });
  await expect(mail).toContainText('Reset your SocialGenX password');
  await mail.getByRole('button', { name: /^Read / }).click();
  await expect(page.getByRole('dialog', { name: 'Reset your SocialGenX password' })).toContainText(
    '/reset-password?token=',
  );
});

test('members read the published news', async ({ page, browser, request }) => {
  const settings = new SettingsModel(page);
  const title = `Members news ${Date.now()}`;
  await settings.goto('News');
  await page.getByRole('button', { name: 'Add news' }).click();
  const add = page.getByRole('dialog', { name: 'Add news' });
  await add.getByRole('textbox', { name: 'Title' }).fill(title);
  await add.getByRole('textbox', { name: 'Text' }).fill('The Gold plan now pays 0.7% a day.');
  await add.getByRole('button', { name: 'Publish' }).click();
  await expect(add).toBeHidden();

  const member = await registerViaApi(request, 'news');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const signIn = new SignInPage(memberPage);
  await signIn.goto();
  await signIn.signIn(member.email, member.password);
  await expect(memberPage).toHaveURL(/\/user\/dashboard$/);
  await memberPage.goto('/user/notifications');
  await expect(memberPage.getByRole('heading', { name: 'News' })).toBeVisible();
  await expect(memberPage.getByText(title)).toBeVisible();

  // In Spanish (the member's profile), the feed's heading is translated; the news itself is shown as written.
  const { token } = await apiSignIn(request, 'member', member.email, member.password);
  const saved = await request.put('/api/v1/profile/preferences', {
    headers: { Authorization: `Bearer ${token}` },
    data: { locale: 'es' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Noticias' })).toBeVisible();
  await expect(memberPage.getByText(title)).toBeVisible();
  await memberContext.close();
});
