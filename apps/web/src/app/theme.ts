import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken, luminance } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/** WCAG AA: normal text against its background. */
export const TEXT_CONTRAST = 4.5;
/** WCAG AA: large text and the edges of controls (inputs, check boxes) against the page. */
export const UI_CONTRAST = 3;

/** WCAG 2 contrast ratio of two opaque colours (hex or rgb). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The first of `candidates` that reaches `ratio` on every background, or else the last one darkened in
 * small steps until it does: Mantine's yellow, orange, green and teal are too light even at shade 9.
 */
export function readableOn(
  candidates: readonly string[],
  backgrounds: readonly string[],
  ratio = TEXT_CONTRAST,
) {
  const passes = (c: string) => backgrounds.every((b) => contrastRatio(c, b) >= ratio);
  const found = candidates.find(passes);
  if (found !== undefined) return found;
  const last = candidates[candidates.length - 1] ?? DEFAULT_THEME.black;
  for (let step = 0.05; step < 1; step += 0.05) {
    const darker = darken(last, step);
    if (passes(darker)) return darker;
  }
  return DEFAULT_THEME.black;
}

const { colors, white } = DEFAULT_THEME;
/** The page backgrounds text sits on: white cards and the light grey sections (gray.0, gray.1). */
const pageBackgrounds = [white, colors.gray[0], colors.gray[1]];
/** The tinted backgrounds of light badges, alerts and highlighted rows (shade 1 of every hue). */
const tintBackgrounds = Object.entries(colors)
  .filter(([name]) => name !== 'dark' && name !== 'gray')
  .map(([, shades]) => shades[1]);

/**
 * The light scheme's colour roles, each chosen to pass WCAG AA: Mantine's defaults put white on
 * indigo.6 (4.3:1), gray.6 as dimmed text (3.3:1), and shade 9 on shade 1 in light badges and alerts
 * (2.7:1 for yellow). Each role keeps the default shade where it is readable and goes darker only where
 * it is not, so the look stays Mantine's. Only the light scheme is used (App.tsx).
 */
export function lightColorRoles(): Record<string, string> {
  const roles: Record<string, string> = {};
  for (const [name, shades] of Object.entries(colors)) {
    if (name === 'dark' || name === 'gray') continue;
    // White text on the filled colour (buttons, filled badges), and text in the colour on the page
    // (c="teal", links, outline buttons).
    const filled = readableOn(shades.slice(6), [white]);
    const strong = readableOn(shades.slice(6), pageBackgrounds);
    // Text in the colour on its own tint (light badges, alerts, subtle buttons), also while hovered.
    const onTint = readableOn(shades.slice(9), [shades[1], shades[2]]);
    roles[`--mantine-color-${name}-filled`] = filled;
    roles[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    roles[`--mantine-color-${name}-text`] = strong;
    roles[`--mantine-color-${name}-outline`] = strong;
    roles[`--mantine-color-${name}-light-color`] = onTint;
  }
  const primary = roles[`--mantine-color-${theme.primaryColor ?? 'indigo'}-text`] ?? colors.indigo[9];
  // gray.6 a little darker, not the much darker gray.7, so that secondary text still reads as secondary.
  const dimmed = readableOn([colors.gray[6]], [...pageBackgrounds, ...tintBackgrounds]);
  return {
    ...roles,
    '--mantine-color-anchor': primary,
    '--mantine-color-dimmed': dimmed,
    // Placeholders are text too (WCAG 1.4.3); dimmed still sets them apart from what was typed (black).
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-error': roles['--mantine-color-red-text'] ?? colors.red[9],
    '--mantine-color-success': roles['--mantine-color-teal-text'] ?? colors.teal[9],
    // The edge of an input or check box against the white or light grey around it (WCAG 1.4.11).
    '--mantine-color-control-border': readableOn(colors.gray.slice(5), [white, colors.gray[0]], UI_CONTRAST),
  };
}

/** Given to MantineProvider: the readable colour roles above, over Mantine's own variables. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: lightColorRoles(),
  dark: {},
});
