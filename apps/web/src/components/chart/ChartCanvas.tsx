import { Chart } from 'primereact/chart';
import type { ChartSeries } from './ReportChart.tsx';

/** One look for every chart: the app's blue, green, amber, red and purple (WCAG AA against white). */
export const CHART_COLOURS = ['#1d4ed8', '#15803d', '#b45309', '#b91c1c', '#7e22ce', '#0369a1'];

/**
 * The drawing itself: PrimeReact's Chart on Chart.js 4 (docs/decisions/0009-charts.md). This module, and the
 * Chart.js it loads, are fetched only when a chart is first shown (ReportChart loads it lazily).
 */
export default function ChartCanvas(props: {
  kind: 'bar' | 'doughnut';
  categories: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  colours?: string[] | undefined;
  label: string;
}) {
  const doughnut = props.kind === 'doughnut';
  const data = {
    labels: props.categories,
    datasets: props.series.map((s, k) => ({
      label: s.label,
      data: s.values,
      backgroundColor: doughnut ? (props.colours ?? CHART_COLOURS) : CHART_COLOURS[k % CHART_COLOURS.length],
      borderWidth: doughnut ? 1 : 0,
    })),
  };
  const tooltip = {
    callbacks: {
      label: (item: { dataset: { label?: string }; label: string; raw: unknown }) =>
        `${doughnut ? item.label : (item.dataset.label ?? '')}: ${props.format(Number(item.raw))}`,
    },
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { position: 'bottom' as const }, tooltip },
    ...(doughnut
      ? {}
      : {
          scales: {
            y: { beginAtZero: true, ticks: { callback: (v: number | string) => props.format(Number(v)) } },
          },
        }),
  };
  return (
    <Chart
      type={props.kind}
      data={data}
      options={options}
      ariaLabel={props.label}
      className="report-chart__canvas"
    />
  );
}
