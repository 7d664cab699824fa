import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bucketSummary,
  monthsSummary,
  percentOf,
  seriesSummary,
} from '../../features/reports/chartSummaries.ts';
import { ReportChart } from './ReportChart.tsx';

afterEach(cleanup);

const money = (cents: number) => `R${(cents / 100).toFixed(2)}`;

function renderChart(values: number[][]) {
  return render(
    <MemoryRouter>
      <ReportChart
        id="t-chart"
        title="Invoiced and paid"
        kind="bar"
        categoryHeader="Month"
        categories={['2026-10', '2026-11']}
        series={[
          { label: 'Invoiced', values: values[0] ?? [] },
          { label: 'Paid', values: values[1] ?? [] },
        ]}
        format={money}
        summary="What the months say."
        empty="Nothing in these months."
        link={{ to: '/reports?section=revenue', label: 'Revenue report' }}
      />
    </MemoryRouter>,
  );
}

describe('ReportChart', () => {
  it('says its summary, and its Table view lists exactly the figures, formatted', () => {
    renderChart([
      [100_00, 250_50],
      [40_00, 0],
    ]);
    expect(screen.getByTestId('t-chart-summary').textContent).toBe('What the months say.');
    expect(screen.queryByTestId('t-chart-table')).toBeNull();
    fireEvent.click(screen.getByTestId('t-chart-view-table'));
    expect(screen.getByTestId('t-chart-view-table').getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByTestId('t-chart-table');
    expect(within(table).getByText('Invoiced and paid').tagName).toBe('CAPTION');
    const rows = [...table.querySelectorAll('tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Month', 'Invoiced', 'Paid'],
      ['2026-10', 'R100.00', 'R40.00'],
      ['2026-11', 'R250.50', 'R0.00'],
    ]);
    expect(screen.getByTestId('t-chart-link').getAttribute('href')).toBe('/reports?section=revenue');
  });

  it('says when there is nothing to draw, and still offers the table', () => {
    renderChart([
      [0, 0],
      [0, 0],
    ]);
    expect(screen.getByRole('status').textContent).toBe('Nothing in these months.');
    fireEvent.click(screen.getByTestId('t-chart-view-table'));
    expect(screen.getByTestId('t-chart-table').querySelectorAll('tbody tr')).toHaveLength(2);
  });
});

describe('chart summaries', () => {
  it('names each bucket with its share of the total', () => {
    const totals = { current: 300, days30: 100, days60: 0, days90: 0, days120: 600, totalCents: 1000 };
    expect(bucketSummary(totals, money)).toBe(
      'R10.00 outstanding: Current R3.00 (30%), 30 days R1.00 (10%), 60 days R0.00 (0%), 90 days R0.00 (0%), 120+ days R6.00 (60%).',
    );
    expect(bucketSummary({ ...totals, totalCents: 0 }, money)).toBe('Nothing outstanding.');
  });

  it('sets the last month against the one before and names the month most invoiced', () => {
    const months = [
      { month: '2026-09', invoicedCents: 900, paidCents: 0 },
      { month: '2026-10', invoicedCents: 200, paidCents: 100 },
      { month: '2026-11', invoicedCents: 300, paidCents: 50 },
    ];
    expect(monthsSummary(months, money)).toBe(
      '2026-11: R3.00 invoiced, R0.50 paid; 2026-10: R2.00 invoiced, R1.00 paid. Most invoiced: 2026-09, R9.00.',
    );
    expect(monthsSummary([], money)).toBe('No months.');
  });

  it("sets a series' last period against the one before and names the highest; shares plot as percentages", () => {
    const periods = [
      { period: '2026-09', value: 40 },
      { period: '2026-10', value: 72.5 },
      { period: '2026-11', value: 63.2 },
    ];
    expect(seriesSummary('Booked', periods, (v) => `${v.toFixed(1)}%`)).toBe(
      'Booked 2026-11: 63.2% (2026-10: 72.5%). Highest: 2026-10, 72.5%.',
    );
    expect(seriesSummary('Booked', [], String)).toBe('No periods.');
    expect(percentOf(0.6321)).toBe(63.2);
    expect(percentOf(null)).toBe(0);
  });
});
