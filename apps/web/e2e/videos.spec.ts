import type { APIRequestContext } from '@playwright/test';
import { demoAdmin, expect, test, uniqueMember } from './fixtures';
import { ensurePlan, signInMember, WatchPage } from './pages/IncomeScreens';
import { apiGet, apiPost, apiSignIn } from './pages/MoneyApi';
import { SignInPage } from './pages/SignInPage';
import { VideoManagerModel } from './pages/VideoManagerModel';

test.beforeEach(async ({ page }) => {
  const signIn = new SignInPage(page, 'admin');
  await signIn.goto();
  await signIn.signIn(demoAdmin.email, demoAdmin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('an admin adds, edits and deletes a video', async ({ page }) => {
  const videos = new VideoManagerModel(page);
  const title = `Daily tip ${Date.now()}`;
  const renamed = `${title} (updated)`;
  await videos.goto();
  await expect(videos.cards().first()).toBeVisible();

  // Add: the spec's validation texts, each cleared when its field is edited.
  await page.getByRole('button', { name: 'Add New Video' }).click();
  const add = videos.dialog('Add New Video');
  await add.getByRole('button', { name: 'Save Video' }).click();
  await expect(add).toContainText('Title is required');
  await expect(add).toContainText('URL is required');
  await videos.field(add, 'Title').fill(title);
  await expect(add).not.toContainText('Title is required');
  await videos.field(add, 'Video URL').fill('https://example.com/clip.mp4');
  await expect(add).not.toContainText('URL is required');
  await add.getByRole('button', { name: 'Save Video' }).click();
  await expect(add).toContainText('Please enter a valid video URL (YouTube or Vimeo)');
  await videos.field(add, 'Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(add).not.toContainText('Please enter a valid video URL');
  await videos.field(add, 'Description (optional)').fill('How to read your income page.');
  await add.getByRole('button', { name: 'Save Video' }).click();

  await expect(add).toBeHidden();
  await expect(videos.message).toHaveText('Video created successfully');
  // A new video comes first: it is the one members watch.
  await expect(videos.cards().first()).toHaveAccessibleName(title);
  const card = videos.card(title);
  await expect(card).toContainText('https://youtu.be/dQw4w9WgXcQ');
  await expect(card).toContainText('Members watch this one');
  await expect(card).toContainText(/Uploaded: \d{2} \w{3} \d{4}/);
  // The message clears after 3 seconds.
  await expect(videos.message).toBeHidden({ timeout: 5_000 });

  // Edit: the form holds the video; the change merges into the card.
  await card.getByRole('button', { name: `Edit ${title}` }).click();
  const edit = videos.dialog('Edit Video');
  await expect(videos.field(edit, 'Title')).toHaveValue(title);
  await expect(videos.field(edit, 'Video URL')).toHaveValue('https://youtu.be/dQw4w9WgXcQ');
  await videos.field(edit, 'Title').fill(renamed);
  await videos.field(edit, 'Video URL').fill('https://vimeo.com/76979871');
  await edit.getByRole('button', { name: 'Update Video' }).click();
  await expect(edit).toBeHidden();
  await expect(videos.message).toHaveText('Video updated successfully');
  await expect(videos.card(renamed)).toContainText('https://vimeo.com/76979871');
  await expect(videos.card(title)).toHaveCount(0);

  await page.reload();
  await expect(videos.card(renamed)).toContainText('https://vimeo.com/76979871');

  // Delete: confirmed first; Cancel keeps it.
  await videos
    .card(renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  const confirm = videos.dialog('Confirm Deletion');
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(videos.card(renamed)).toBeVisible();

  await videos
    .card(renamed)
    .getByRole('button', { name: `Delete ${renamed}` })
    .click();
  await videos.dialog('Confirm Deletion').getByRole('button', { name: 'Delete' }).click();
  await expect(videos.message).toHaveText('Video deleted successfully');
  await expect(videos.card(renamed)).toHaveCount(0);
  await page.reload();
  await expect(videos.cards().first()).toBeVisible();
  await expect(videos.card(renamed)).toHaveCount(0);
});

/** A new member, registered through the API with a phone number every numbering plan takes (New Jersey). */
async function registerMember(request: APIRequestContext) {
  const member = { ...uniqueMember('videos'), phone: `+1201555${String(Date.now()).slice(-4)}` };
  const res = await request.post('/api/v1/auth/register', {
    data: { ...member, confirmPassword: member.password, referralBy: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

/** The video the member's watch dialog shows (the one they would watch and be paid for), then closed. */
async function membersVideo(watch: WatchPage, expected: string, hidden: string[]) {
  await watch.goto();
  await watch.watchButton.click();
  await expect(watch.dialog).toBeVisible();
  await expect(watch.dialog.getByText(expected, { exact: true })).toBeVisible();
  for (const title of hidden) await expect(watch.dialog).not.toContainText(title);
  await watch.page.keyboard.press('Escape');
  await expect(watch.dialog).toBeHidden();
}

test.describe('drafts and schedules (decision 0037)', () => {
  // The admin works in India: the schedule picker and the badges are in the admin's zone, the server keeps UTC.
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('a draft is previewed and unseen by members, a schedule appears when due, publish now puts it live', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now();
    const draft = `Draft tip ${stamp}`;
    const soon = `Soon tip ${stamp}`;
    const later = `Tomorrow tip ${stamp}`;
    const admin = await apiSignIn(request, 'admin', demoAdmin.email, demoAdmin.password);
    const member = await registerMember(request);
    const m = await ensurePlan(request, admin.token, member);
    const latest = async () =>
      (await apiGet<{ data: { title: string } | null }>(request, m.token, '/videos/latest')).data?.title;
    const liveBefore = await latest();
    expect(liveBefore).toBeTruthy();

    // The admin saves a draft: listed as Draft, not the one members watch.
    const videos = new VideoManagerModel(page);
    await videos.goto();
    await page.getByRole('button', { name: 'Add New Video' }).click();
    const add = videos.dialog('Add New Video');
    await expect(videos.publishChoice(add, 'Publish now')).toBeChecked();
    await videos.field(add, 'Title').fill(draft);
    await videos.field(add, 'Video URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await videos.publishChoice(add, 'Save as draft').check();
    await add.getByRole('button', { name: 'Save Video' }).click();
    await expect(add).toBeHidden();
    await expect(videos.message).toHaveText('Video created successfully');
    await expect(videos.state(draft)).toHaveText('Draft');
    await expect(videos.card(draft)).not.toContainText('Members watch this one');

    // The preview shows it as members will see it, and says they do not yet.
    await videos
      .card(draft)
      .getByRole('button', { name: `Preview ${draft}` })
      .click();
    const preview = videos.dialog('Preview');
    await expect(preview.getByTestId('preview-title')).toHaveText(draft);
    await expect(preview.locator(`iframe[title="${draft}"]`)).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    );
    await expect(preview).toContainText('Members do not see this draft until you publish it.');
    await expect(preview.getByRole('button', { name: 'Start Watching' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    // The member does not see the draft.
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await signInMember(memberPage, member.email, member.password);
    const watch = new WatchPage(memberPage);
    await membersVideo(watch, liveBefore ?? '', [draft]);

    // A schedule in the past is refused; one 25 seconds ahead waits, then appears by itself.
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const body = { title: soon, url: 'https://vimeo.com/76979871', status: 'scheduled' };
    const past = await request.post('/api/v1/videos', {
      headers: { Authorization: `Bearer ${admin.token}` },
      data: { ...body, publish_at: at(-60_000) },
    });
    expect(past.status()).toBe(400);
    expect((await past.json()).message).toBe(
      'The scheduled time has passed. Choose a later time, or publish now.',
    );
    await apiPost(request, admin.token, '/videos', { ...body, publish_at: at(25_000) });
    await page.reload();
    await expect(videos.state(soon)).toHaveText(/^Scheduled · .*(GMT\+5:30|IST)$/);
    await membersVideo(watch, liveBefore ?? '', [draft, soon]);
    await expect.poll(latest, { timeout: 40_000, intervals: [2_000] }).toBe(soon);
    await membersVideo(watch, soon, [draft]);
    await page.reload();
    await expect(videos.state(soon)).toHaveText('Live');
    await expect(videos.card(soon)).toContainText('Members watch this one');

    // Scheduled in the form for 09:00 tomorrow, India time: kept as 03:30 UTC, shown back as 09:00.
    const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
      Date.now() + 86_400_000,
    );
    await page.getByRole('button', { name: 'Add New Video' }).click();
    await videos.field(add, 'Title').fill(later);
    await videos.field(add, 'Video URL').fill('https://youtu.be/aqz-KE-bpKQ');
    await videos.publishChoice(add, 'Schedule').check();
    await expect(add).toContainText(/In your time zone: Asia\/(Kolkata|Calcutta) \(GMT\+5:30\)\./);
    await videos.publishAt(add).fill(`${tomorrow}T09:00`);
    await add.getByRole('button', { name: 'Save Video' }).click();
    await expect(add).toBeHidden();
    await expect(videos.state(later)).toHaveText(/^Scheduled · .*09:00 (GMT\+5:30|IST)$/);
    const list = await apiGet<{ data: { title: string; publish_at: string | null }[] }>(
      request,
      admin.token,
      '/videos',
    );
    expect(list.data.find((v) => v.title === later)?.publish_at).toBe(`${tomorrow}T03:30:00.000Z`);
    await videos
      .card(later)
      .getByRole('button', { name: `Edit ${later}` })
      .click();
    const edit = videos.dialog('Edit Video');
    await expect(videos.publishChoice(edit, 'Schedule')).toBeChecked();
    await expect(videos.publishAt(edit)).toHaveValue(`${tomorrow}T09:00`);
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // Publish now: the draft goes live and is the one members watch.
    await videos
      .card(draft)
      .getByRole('button', { name: `Publish ${draft} now` })
      .click();
    await expect(videos.message).toHaveText('Video published');
    await expect(videos.state(draft)).toHaveText('Live');
    await expect(videos.card(draft)).toContainText('Members watch this one');
    await expect(videos.card(draft).getByRole('button', { name: `Publish ${draft} now` })).toHaveCount(0);
    await membersVideo(watch, draft, [later]);
    await memberContext.close();
  });
});
