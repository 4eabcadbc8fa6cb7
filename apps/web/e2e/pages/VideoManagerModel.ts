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
    await expect(this.page.getByRole('heading', { level: 2, name: 'Video Manager' })).toBeVisible();
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
}
