import { formatMoney } from '@pd/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { FormShell } from './FormShell.tsx';
import { MoneyField, PercentField } from './NumberFields.tsx';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** A form holding one amount in cents; the latest value is written where the test can read it. */
function AmountForm({
  cents,
  currency,
  seen,
}: {
  cents: number | null;
  currency: string;
  seen: { value: unknown };
}) {
  const form = useForm<{ amount: number | null }>({ defaultValues: { amount: cents } });
  seen.value = form.watch('amount');
  return (
    <FormShell form={form} onSubmit={() => undefined} idPrefix="t-" label="Payment">
      <MoneyField name="amount" label="Amount" currency={currency} />
    </FormShell>
  );
}

afterEach(cleanup);

describe('money on screen', () => {
  it('shows cents in the company currency as its people write it', () => {
    expect(plain(formatMoney(123_456, 'ZAR'))).toBe('R 1 234,56');
    expect(formatMoney(123_456, 'GBP')).toBe('£1,234.56');
    expect(plain(formatMoney(123_456, 'ZAR', 'none'))).toBe('1 234,56');
  });

  it('a money field shows the cents it holds as units, and holds what is typed as cents', async () => {
    const seen = { value: undefined as unknown };
    render(<AmountForm cents={123_456} currency="ZAR" seen={seen} />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(plain(input.value)).toBe('R 1 234,56');
    await act(async () => {
      fireEvent.input(input, { target: { value: 'R 25,50' } });
      fireEvent.blur(input);
    });
    expect(seen.value).toBe(2550);
  });

  it('an empty money field holds null, not zero', () => {
    const seen = { value: undefined as unknown };
    render(<AmountForm cents={null} currency="GBP" seen={seen} />);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
    expect(seen.value).toBeNull();
  });
});

function RateForm({ basisPoints, seen }: { basisPoints: number | null; seen: { value: unknown } }) {
  const form = useForm<{ rate: number | null }>({ defaultValues: { rate: basisPoints } });
  seen.value = form.watch('rate');
  return (
    <FormShell form={form} onSubmit={() => undefined} idPrefix="t-" label="Company">
      <PercentField name="rate" label="VAT rate" />
    </FormShell>
  );
}

describe('a percentage on screen', () => {
  it('shows the basis points it holds as a percentage, and holds what is typed as basis points', async () => {
    const seen = { value: undefined as unknown };
    render(<RateForm basisPoints={1500} seen={seen} />);
    const input = screen.getByLabelText('VAT rate') as HTMLInputElement;
    expect(input.value).toBe('15%');
    await act(async () => {
      fireEvent.input(input, { target: { value: '12.5%' } });
      fireEvent.blur(input);
    });
    expect(seen.value).toBe(1250);
  });

  it('an empty rate holds null, not zero', () => {
    const seen = { value: undefined as unknown };
    render(<RateForm basisPoints={null} seen={seen} />);
    expect((screen.getByLabelText('VAT rate') as HTMLInputElement).value).toBe('');
    expect(seen.value).toBeNull();
  });
});
