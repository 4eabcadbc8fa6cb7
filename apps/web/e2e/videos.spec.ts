import { demoAdmin, expect, test } from './fixtures';
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
