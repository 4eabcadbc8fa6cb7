import { useMantineTheme } from '@mantine/core';
import {
  createChart,
  createSeriesMarkers,
  type LineData,
  LineSeries,
  LineStyle,
  type SeriesMarker,
  type Time,
  type WhitespaceData,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { currentIntlTag } from '../../../i18n/state';
import { chartLook } from '../../../ui/chartLook';
import type { PlotPoint } from '../solvencyMath';

/** One line of a chart: its days and coordinates, the axis it reads against, and how its values are labelled. */
export interface ChartLine {
  key: string;
  label: string;
  /** A CSS colour. */
  color: string;
  points: readonly PlotPoint[];
  scale: 'left' | 'right';
  format: (value: number) => string;
  dashed?: boolean;
}

/** A marked day on one line (a scenario's first short day). */
export interface ChartMarker {
  line: string;
  time: string;
  text: string;
  color: string;
}

interface SolvencyChartProps {
  lines: readonly ChartLine[];
  markers?: readonly ChartMarker[];
  height?: number;
  /** What the chart shows, in words (the canvas has none of its own). */
  label: string;
  testId?: string;
}

/**
 * Day-by-day lines of the solvency report (lightweight-charts, loaded with the page's first chart only). The
 * coordinates are the API's decimal texts turned into numbers for drawing; every figure the operator reads as a
 * number is also written beside the chart, exactly. The chart follows its box's width (a phone or a laptop) and
 * leaves scrolling and zooming to the page, so a finger dragging over it scrolls the page.
 */
export default function SolvencyChart({
  lines,
  markers = [],
  height = 280,
  label,
  testId,
}: SolvencyChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();

  useEffect(() => {
    const el = container.current;
    if (el === null) return;
    const usesLeft = lines.some((l) => l.scale === 'left');
    const look = chartLook(theme, height);
    const chart = createChart(el, {
      ...look,
      localization: { locale: currentIntlTag() },
      handleScroll: false,
      handleScale: false,
      timeScale: { ...look.timeScale, fixLeftEdge: true, fixRightEdge: true },
      rightPriceScale: { ...look.rightPriceScale, visible: true },
      leftPriceScale: { ...look.leftPriceScale, visible: usesLeft },
    });
    for (const line of lines) {
      const series = chart.addSeries(LineSeries, {
        color: line.color,
        lineWidth: 2,
        lineStyle: line.dashed ? LineStyle.Dashed : LineStyle.Solid,
        priceScaleId: line.scale,
        priceLineVisible: false,
        lastValueVisible: false,
        pointMarkersVisible: line.points.length <= 2,
        title: '',
        priceFormat: { type: 'custom', formatter: line.format, minMove: 0.01 },
      });
      series.setData(
        line.points.map((p): LineData<Time> | WhitespaceData<Time> =>
          p.value === null ? { time: p.time } : { time: p.time, value: p.value },
        ),
      );
      const days = new Set(line.points.map((p) => p.time));
      const own: SeriesMarker<Time>[] = markers
        .filter((m) => m.line === line.key && days.has(m.time))
        .map((m) => ({
          time: m.time,
          position: 'aboveBar',
          color: m.color,
          shape: 'arrowDown',
          text: m.text,
        }));
      if (own.length > 0) createSeriesMarkers(series, own);
    }
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [lines, markers, height, theme]);

  return (
    <div
      ref={container}
      role="img"
      aria-label={label}
      style={{ width: '100%', height, minWidth: 0 }}
      data-testid={testId}
    />
  );
}
