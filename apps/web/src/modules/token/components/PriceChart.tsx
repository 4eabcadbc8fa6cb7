import { useMantineTheme } from '@mantine/core';
import { createChart, LineSeries, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { chartLook } from '../../../ui/chartLook';
import { type ChartPoint, formatChartPrice } from '../tokenMath';

interface PriceChartProps {
  points: readonly ChartPoint[];
  height?: number;
}

/**
 * A line chart of the price (lightweight-charts, loaded only when a chart is opened). The values are whole
 * units of 10^-8 USD and every label is formatted back through bigint, so no price passes through a float.
 * Times are UTC, the business timezone.
 */
export default function PriceChart({ points, height = 320 }: PriceChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();

  useEffect(() => {
    const el = container.current;
    if (el === null) return;
    const look = chartLook(theme, height);
    const chart = createChart(el, {
      ...look,
      localization: { priceFormatter: formatChartPrice },
      timeScale: { ...look.timeScale, timeVisible: true, secondsVisible: true },
    });
    const series = chart.addSeries(LineSeries, {
      color: theme.colors.teal[6],
      lineWidth: 2,
      pointMarkersVisible: points.length <= 40,
      priceFormat: { type: 'custom', formatter: formatChartPrice, minMove: 1 },
    });
    series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, height, theme]);

  return <div ref={container} style={{ width: '100%', height }} data-testid="price-chart" />;
}
