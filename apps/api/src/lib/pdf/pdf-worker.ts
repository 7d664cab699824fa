import { pdfBuffer } from '../../modules/invoices/invoice-pdf.ts';
import { type PdfAnswer, type PdfJob, renderPdfJob } from './pdf-jobs.ts';

/**
 * A PDF renderer process (pdf-pool.ts forks it through lib/child-pool): one job at a time, answered over
 * the IPC channel. pdfkit and its fonts are loaded before it says it is ready, so a job's time limit
 * measures drawing only.
 */
async function answer(job: PdfJob): Promise<PdfAnswer> {
  try {
    return { ok: true, pdf: await renderPdfJob(job) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

process.on('message', async (job: PdfJob) => {
  process.send?.(await answer(job));
});
await pdfBuffer((doc) => {
  doc.font('Helvetica-Bold').text('warm-up');
  doc.font('Helvetica').text('warm-up');
}, 'warm-up');
process.send?.({ ready: true });
