import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/video-manager: the video library and its add, edit and delete dialogs (spec 2.7). */
export class VideoManagerModel {
  readonly grid: Locator;
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.grid = page.getByRole('list', { name: 'Videos' });
    this.message = page.getByTestId('video-message');
  }

  async goto() {
    await this.page.goto('/admin/video-manager');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Video Manager' })).toBeVisible();
  }

  card(title: string) {
    return this.grid.getByRole('article', { name: title, exact: true });
  }

  cards() {
    return this.grid.getByRole('article');
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  field(dialog: Locator, name: 'Title' | 'Video URL' | 'Description (optional)') {
    return dialog.getByRole('textbox', { name, exact: true });
  }

  /** When members see it (decision 0037): 'Publish now' (or 'Keep live'), 'Save as draft' or 'Schedule'. */
  publishChoice(dialog: Locator, name: 'Publish now' | 'Keep live' | 'Save as draft' | 'Schedule') {
    return dialog.getByRole('radio', { name, exact: true });
  }

  /** The schedule picker (a datetime-local input, in the admin's time zone). */
  publishAt(dialog: Locator) {
    return dialog.getByLabel('Publish at');
  }

  /** "Draft", "Scheduled · <when>" or "Live". */
  state(title: string) {
    return this.card(title).getByTestId('video-state');
  }
}
