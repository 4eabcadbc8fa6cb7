import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MANTINE_CSS, mantineStylesheet } from '../../vite-plugins/mantineStyles';

describe("the app's Mantine stylesheet", () => {
  it('names the styles of every Mantine component the app uses (run `npm run styles:mantine -w @sgx/web`)', () => {
    expect(readFileSync(MANTINE_CSS, 'utf8')).toBe(mantineStylesheet());
  });

  it('holds the base files first and the components the app draws, not all of them', () => {
    const names = [...readFileSync(MANTINE_CSS, 'utf8').matchAll(/styles\/([\w-]+)\.css/g)].map((m) => m[1]);
    expect(names.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    // Drawn by the app's frame, forms, dialogs and tables; and, through them, what they are made of.
    for (const used of [
      'Button',
      'Input',
      'Modal',
      'Table',
      'Tooltip',
      'UnstyledButton',
      'Popover',
      'Loader',
    ]) {
      expect(names).toContain(used);
    }
    // Never drawn by the app.
    for (const unused of ['Stepper', 'Timeline', 'ColorPicker', 'AppShell'])
      expect(names).not.toContain(unused);
  });
});
