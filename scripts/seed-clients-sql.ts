import { type SQL, sql } from 'drizzle-orm';
import { CATEGORIES, COMPANY_TRADES, COMPANY_WORDS, WORDS } from './seed-data.ts';

export interface ClientBatch {
  companyId: number;
  companyType: 'H' | 'F';
  country: 'ZA' | 'UK';
  /** 1-based sequence numbers of this company's synthetic clients, inclusive; they make emails unique. */
  from: number;
  to: number;
}

/**
 * Field k of row n is hashint8extended(n, seed + k): a deterministic, independent pseudo-random number
 * per field, so one INSERT … SELECT generates every row inside PostgreSQL with no per-row round trip.
 * The mask clears the sign bit so the modulo is never negative.
 */
const h = (k: number, mod: number | string) =>
  `((hashint8extended(g.n, l.seed + ${k}) & ${2n ** 63n - 1n}) % ${mod})`;
const pick = (list: string, k: number) => `l.${list}[1 + ${h(k, `cardinality(l.${list})`)}]`;
const lowerWord = (expr: string) => `translate(lower(${expr}), ' ''()', '')`;

// ZA ID numbers encode the birth date and gender, so both are needed twice.
const DOB = `(date '1940-01-01' + ${h(9, 24000)}::int)`;
const MALE = `${h(2, 200)} % 2 = 1`;

// Columns of p, the generated row: raw picks that the final SELECT assembles into client columns.
const ROW = `
  g.n,
  case when ${h(1, 100)} < 8 then 'J' else 'N' end as type,
  case when ${h(2, 200)} = 0 then 'O' when ${MALE} then 'M' else 'F' end as gender,
  case when ${h(2, 200)} % 2 = 0 then ${pick('female', 3)} else ${pick('male', 3)} end as first,
  ${pick('surnames', 4)} as last,
  case when ${h(5, 2)} = 0 then ${pick('surnames', 6)} else ${pick('words', 6)} end as firm,
  ${pick('trades', 7)} as trade,
  ${pick('suffixes', 8)} as suffix,
  ${DOB} as dob,
  to_char(${DOB}, 'YYMMDD') || lpad(((${MALE})::int * 5000 + ${h(12, 5000)})::text, 4, '0') || '08' as za_id12,
  l.mobile_prefixes[1 + ${h(10, 'cardinality(l.mobile_prefixes)')}]
    || lpad(((g.n * 3967559 + l.company_id * 104729) % l.mobile_space)::text, l.mobile_digits, '0') as mobile,
  ${h(11, 100)} as id_roll,
  ${h(25, 1000000000)} as digits,
  case when ${h(13, 10)} < 7 then ${pick('categories', 14)} end as category,
  case when ${h(15, 10)} = 0 then 'N' else 'Y' end as comm_status,
  ${h(16, 100)} as tax_roll,
  (1 + ${h(17, 240)})::text || ' ' || ${pick('streets', 18)} as address1,
  ${h(19, 10)} < 7 as with_suburb,
  1 + ${h(21, 'cardinality(l.towns)')} as place,
  case when ${h(22, 100)} < 85 then 'A' when ${h(22, 100)} < 95 then 'I' else 'P' end as status,
  ${h(23, 5 * 365 * 86400)} as age_s,
  ${h(24, 100)} as touched_pct`;

// Luhn over the 13-digit ZA ID: counted from the right, every second digit (the 12's even ones) is doubled.
const idDigit = (j: number) => `substr(p.za_id12, ${j}, 1)::int`;
const LUHN_SUM = Array.from({ length: 12 }, (_, i) =>
  i % 2 === 0 ? idDigit(i + 1) : `(${idDigit(i + 1)} * 2 - 9 * (${idDigit(i + 1)} >= 5)::int)`,
).join(' + ');
// ZA: an ID number that passes the contracts' check (birth date, gender, Luhn); UK: a National Insurance number.
const PERSON_ID = `case when l.country = 'ZA' then p.za_id12 || ((10 - (${LUHN_SUM}) % 10) % 10)
    else (array['AB','CE','JG','KL','NP','RT','WY','ZH'])[1 + p.digits % 8] || lpad((p.digits / 8 % 1000000)::text, 6, '0')
      || substr('ABCD', 1 + (p.digits / 8000000 % 4)::int, 1) end`;
const POSTAL_CODE = `case when l.country = 'ZA' then l.postal_stems[p.place]
    else l.postal_stems[p.place] || ' ' || (1 + p.digits % 9) || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (p.digits / 9 % 20)::int, 1)
      || substr('ABDEFGHJLNPQRSTUWXYZ', 1 + (p.digits / 180 % 20)::int, 1) end`;

const INSERT = `
insert into clients (company_id, type, name, first_name, last_name, preferred_name, email, mobile, id_number, dob,
  gender, gender_other, category, comm_status, tax_registered, tax_number, address_country, address1, address2,
  address_region, address_state, address_postal_code, status, created_at, updated_at, deleted_at)
select l.company_id, p.type,
  case when p.type = 'N' then p.first || ' ' || p.last else p.firm || ' ' || p.trade || ' ' || p.suffix end,
  case when p.type = 'N' then p.first end,
  case when p.type = 'N' then p.last end,
  case when p.type = 'N' then p.first else p.firm || ' ' || p.trade end,
  case when p.type = 'N' then ${lowerWord('p.first')} || '.' || ${lowerWord('p.last')} || p.n || '@example.com'
    else 'accounts.' || ${lowerWord('p.firm')} || p.n || '@example.com' end,
  p.mobile,
  case when p.type = 'N' and p.id_roll < 60 then ${PERSON_ID} end,
  case when p.type = 'N' then p.dob end,
  case when p.type = 'N' then p.gender end,
  case when p.type = 'N' and p.gender = 'O' then 'Non-binary' end,
  p.category, p.comm_status,
  case when p.tax_roll < (case when p.type = 'J' then 60 else 8 end) then 'Y' else 'N' end,
  case when p.tax_roll < (case when p.type = 'J' then 60 else 8 end)
    then lpad((1000000000 + p.digits * 7 % 8999999999)::text, 10, '0') end,
  l.country, p.address1, case when p.with_suburb then l.suburbs[p.place] end, l.towns[p.place], l.provinces[p.place], ${POSTAL_CODE},
  p.status,
  now() - p.age_s * interval '1 second',
  now() - (p.age_s * p.touched_pct / 100) * interval '1 second',
  null
from p, l`;

/** One INSERT … SELECT generating the batch's rows; the word lists travel once, as array parameters. */
export function clientBatchInsert(batch: ClientBatch): SQL {
  const words = WORDS[batch.country];
  const list = (values: string[]) => sql`${sql.param(values)}::text[]`;
  return sql`
with l as (
  select ${batch.companyId}::bigint as company_id, ${batch.country}::text as country,
    ${batch.companyId * 1000}::bigint as seed,
    ${list(words.femaleNames)} as female, ${list(words.maleNames)} as male, ${list(words.surnames)} as surnames,
    ${list(COMPANY_WORDS)} as words, ${list(COMPANY_TRADES)} as trades, ${list(words.companySuffixes)} as suffixes,
    ${list(words.streets)} as streets, ${list(words.suburbs)} as suburbs, ${list(words.towns)} as towns,
    ${list(words.provinces)} as provinces, ${list(words.postalStems)} as postal_stems,
    ${list(CATEGORIES[batch.companyType])} as categories, ${list(words.mobilePrefixes)} as mobile_prefixes,
    ${words.mobileTailDigits}::int as mobile_digits, ${10 ** words.mobileTailDigits}::bigint as mobile_space
),
p as (select ${sql.raw(ROW)} from generate_series(${batch.from}::bigint, ${batch.to}::bigint) as g(n), l)
${sql.raw(INSERT)}`;
}
