import type { MantineTheme } from '@mantine/core';
import { type ChartOptions, ColorType, type DeepPartial } from 'lightweight-charts';

/**
 * The look the app's line charts share (lightweight-charts: the token's price chart, the solvency report's
 * charts): the box's size, the theme's text, grid and axis-border colours, no attribution logo. Each chart adds
 * its own options over it (spreading a scale's entry to keep its border). Imported only by the charts themselves,
 * so lightweight-charts still loads with the first chart, not with the page.
 */
export function chartLook(theme: MantineTheme, height: number) {
  const border = theme.colors.gray[3];
  return {
    autoSize: true,
    height,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: theme.colors.gray[7],
      fontFamily: theme.fontFamily ?? 'sans-serif',
      attributionLogo: false,
    },
    grid: {
      vertLines: { color: theme.colors.gray[2] },
      horzLines: { color: theme.colors.gray[2] },
    },
    timeScale: { borderColor: border },
    leftPriceScale: { borderColor: border },
    rightPriceScale: { borderColor: border },
  } satisfies DeepPartial<ChartOptions>;
}
