import { describe, expect, it } from 'vitest';
import {
  formatMobile,
  mobileForSheet,
  mobileSearchForm,
  phoneLookupText,
  searchNeedsCountry,
} from './phones.ts';

describe('formatMobile', () => {
  it('shows a number of the company’s country in its national format', () => {
    expect(formatMobile('+27821087109', 'ZA')).toBe('082 108 7109');
    expect(formatMobile('+447700900123', 'UK')).toBe('07700 900123');
    expect(formatMobile('+447911123456', 'UK')).toBe('07911 123456'); // +44 shared with the islands
  });

  it('shows any other number in international format, and text that is no number as it is', () => {
    expect(formatMobile('+447700900123', 'ZA')).toBe('+44 7700 900123');
    expect(formatMobile('+27821087109', 'UK')).toBe('+27 82 108 7109');
    expect(formatMobile('call the office', 'ZA')).toBe('call the office');
    expect(formatMobile(null, 'ZA')).toBe('');
  });
});

describe('mobileForSheet', () => {
  it('starts with a digit and keeps its spaces, so a spreadsheet neither runs nor shortens it', () => {
    expect(mobileForSheet('+27821087109', 'ZA')).toBe('082 108 7109');
    expect(mobileForSheet('+447700900123', 'UK')).toBe('07700 900123');
    expect(mobileForSheet('+447700900123', 'ZA')).toBe('00 44 7700 900123');
    expect(mobileForSheet('+27821087109', 'UK')).toBe('00 27 82 108 7109');
    expect(mobileForSheet('not a number', 'ZA')).toBeUndefined();
    expect(mobileForSheet(null, 'ZA')).toBeUndefined();
  });
});

describe('mobileSearchForm', () => {
  it.each([
    ['0821087109', 'ZA', '+27821087109'],
    ['082 108 7109', 'ZA', '+27821087109'],
    ['(082) 108-7109', 'ZA', '+27821087109'],
    ['082', 'ZA', '+2782'],
    ['07700 900123', 'UK', '+447700900123'],
    ['+27 82 108', 'ZA', '+2782108'],
    ['+2782', 'UK', '+2782'],
    ['2782 108', 'ZA', '2782108'],
    ['3601', 'ZA', '3601'],
    ['0821087109', null, '0821087109'],
  ])('%j in a %s company → %j', (search, country, form) => {
    expect(mobileSearchForm(search, country)).toBe(form);
  });

  it('leaves other searches alone', () => {
    for (const search of ['smith', 'a.b@example.com', '+', ' ', 'zulu 082', '082+1']) {
      expect(mobileSearchForm(search, 'ZA'), search).toBeUndefined();
    }
  });

  it('asks for the company’s country only for a number that starts with a trunk prefix', () => {
    expect(searchNeedsCountry('082 108')).toBe(true);
    expect(searchNeedsCountry('3601')).toBe(false);
    expect(searchNeedsCountry('+2782')).toBe(false);
    expect(searchNeedsCountry('smith')).toBe(false);
    expect(searchNeedsCountry(undefined)).toBe(false);
  });
});

describe('phoneLookupText', () => {
  it('looks a whole international number up by its national significant number, a part of the text', () => {
    expect(phoneLookupText('+27834364688')).toBe('834364688');
    expect(phoneLookupText('27834364688')).toBe('834364688');
    expect(phoneLookupText('+447911123456')).toBe('7911123456');
  });

  it('answers anything else as it is', () => {
    for (const text of ['+2783', '0834364688', '083 436 4688', 'smith', '3601', '+99912345678']) {
      expect(phoneLookupText(text), text).toBe(text);
    }
  });
});
