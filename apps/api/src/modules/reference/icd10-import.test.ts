import { describe, expect, it } from 'vitest';
import { readMasterIndustryTable } from './icd10-import.ts';

describe('ICD-10 Master Industry Table import', () => {
  it('reads the columns it needs from a header row, with quoted fields', () => {
    const csv = [
      'Chapter_No,ICD10_Code,WHO_Full_Desc,Valid_ICD10_Primary,Valid_ICD10_Asterisk,Valid_ICD10_Dagger,Age_Range,Gender',
      '13,M54.5,Low back pain,Y,N,N,,',
      '6,G63.2,"Diabetic polyneuropathy (E10-E14+ with common fourth character .4)",N,Y,N,,',
      '15,O80.0,"Spontaneous vertex delivery",Y,N,N,12-55,F',
    ].join('\r\n');
    expect(readMasterIndustryTable(csv)).toEqual([
      {
        code: 'M54.5',
        description: 'Low back pain',
        validPrimary: true,
        validAsterisk: false,
        validDagger: false,
        ageRange: null,
        gender: null,
      },
      {
        code: 'G63.2',
        description: 'Diabetic polyneuropathy (E10-E14+ with common fourth character .4)',
        validPrimary: false,
        validAsterisk: true,
        validDagger: false,
        ageRange: null,
        gender: null,
      },
      {
        code: 'O80.0',
        description: 'Spontaneous vertex delivery',
        validPrimary: true,
        validAsterisk: false,
        validDagger: false,
        ageRange: '12-55',
        gender: 'F',
      },
    ]);
  });

  it('says which columns are missing', () => {
    expect(() => readMasterIndustryTable('Code,Desc\nA,B')).toThrow('ICD10_Code, WHO_Full_Desc');
    expect(() => readMasterIndustryTable('')).toThrow('no rows');
  });
});
