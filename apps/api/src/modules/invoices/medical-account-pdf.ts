import type { MedicalAccount } from './medical-account.ts';

/** The printed lines of a medical account's block, in the order a scheme's assessor reads them. */
export function medicalAccountLines(m: MedicalAccount): string[] {
  const lines: string[] = [];
  if (m.practiceNumber) lines.push(`Practice number: ${m.practiceNumber}`);
  if (m.practitioner) {
    const numbers = [
      m.practitioner.practiceNumber && `practice number ${m.practitioner.practiceNumber}`,
      m.practitioner.registrationNumber && `registration number ${m.practitioner.registrationNumber}`,
    ].filter(Boolean);
    lines.push(`Treating practitioner: ${[m.practitioner.name, ...numbers].join(', ')}`);
  }
  lines.push(`Date of service: ${m.serviceDate}`);
  const aid = m.medicalAid;
  if (aid) {
    lines.push(`Medical aid: ${[aid.name, aid.plan && `plan ${aid.plan}`].filter(Boolean).join(', ')}`);
    if (aid.number) lines.push(`Medical aid number: ${aid.number}`);
    if (aid.mainMember)
      lines.push(`Main member: ${aid.mainMember}${aid.mainMemberId ? ` (ID ${aid.mainMemberId})` : ''}`);
    if (aid.dependantCode) lines.push(`Dependant code: ${aid.dependantCode}`);
    if (aid.authorisation) lines.push(`Authorisation: ${aid.authorisation}`);
  } else {
    lines.push('Private patient (no medical aid)');
  }
  if (m.diagnosisCodes.length > 0) {
    const codes = m.diagnosisCodes.map((code, i) =>
      i === 0 && code === m.primaryDiagnosis ? `${code} (primary)` : code,
    );
    lines.push(`ICD-10: ${codes.join(', ')}`);
  }
  return lines;
}

/** Draws the block at y; answers where the next content may start. */
export function drawMedicalAccount(doc: PDFKit.PDFDocument, m: MedicalAccount, x: number, y: number): number {
  doc.font('Helvetica-Bold').fontSize(9).text('Medical account', x, y);
  doc.font('Helvetica').fontSize(9);
  for (const line of medicalAccountLines(m)) doc.text(line, { width: 495 });
  return doc.y + 8;
}
