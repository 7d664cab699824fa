import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  errorBodySchema,
  type ImportFormat,
  INTAKE_FILE_FIELD,
  type IntakeReport,
  intakeReportSchema,
  intakeUploadPath,
} from '@pd/contracts';
import { ApiError, GENERIC_FAILURE } from '../../api/client.ts';

export type UploadProgress = { phase: 'uploading'; percent: number } | { phase: 'importing' };

function failure(xhr: XMLHttpRequest): ApiError {
  let body: unknown = null;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    // not JSON: a proxy's page, say
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return new ApiError(xhr.status, 'BAD_RESPONSE', GENERIC_FAILURE);
  const { code, message, fields, requestId } = parsed.data;
  return new ApiError(xhr.status, code, message, fields, requestId);
}

/**
 * Spec section 7: multipart with the field `file`. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. The session cookie rides along; the CSRF header makes the write acceptable.
 */
export function uploadIntake(
  format: ImportFormat,
  companyId: number,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<IntakeReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', intakeUploadPath(format, companyId));
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    xhr.upload.onload = () => onProgress({ phase: 'importing' });
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'The server could not be reached. Please try again.'));
    xhr.onload = () => {
      if (xhr.status !== 200) {
        reject(failure(xhr));
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // falls through to the schema check
      }
      const report = intakeReportSchema.safeParse(body);
      if (report.success) resolve(report.data);
      else reject(new ApiError(xhr.status, 'BAD_RESPONSE', GENERIC_FAILURE));
    };
    const form = new FormData();
    form.append(INTAKE_FILE_FIELD, file, file.name);
    onProgress({ phase: 'uploading', percent: 0 });
    xhr.send(form);
  });
}
