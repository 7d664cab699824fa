import { ERROR_MESSAGES, INTAKE_FILE_FIELD, INTAKE_MAX_BYTES } from '@pd/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError, ValidationError } from '../../lib/errors.ts';

export interface Upload {
  fileName: string;
  bytes: Uint8Array;
}

const megabytes = INTAKE_MAX_BYTES / 1024 / 1024;
const fileProblem = (message: string) => new ValidationError(message, [{ path: INTAKE_FILE_FIELD, message }]);

/** Translates the multipart plugin's limit errors into the one error shape, with reasons a person can act on. */
function limitError(error: unknown): unknown {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new DomainError('PAYLOAD_TOO_LARGE', 413, `The file is larger than ${megabytes} MB.`, [
        { path: INTAKE_FILE_FIELD, message: `At most ${megabytes} MB.` },
      ]);
    case 'FST_FILES_LIMIT':
      return fileProblem('Send one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return new DomainError('BAD_REQUEST', 400, 'The upload has unexpected parts.');
    default:
      return error;
  }
}

/** The one file of the multipart body, read whole (at most 10 MB); other fields are ignored. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw fileProblem(
      `${ERROR_MESSAGES.noFileSelected} Send the file as multipart/form-data in the field file.`,
    );
  }
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname !== INTAKE_FILE_FIELD)
        throw fileProblem(`Send the file in the field ${INTAKE_FILE_FIELD}.`);
      // A form submitted without a chosen file still sends an empty part with no name.
      if (part.filename || bytes.length > 0) upload = { fileName: part.filename || 'upload', bytes };
    }
  } catch (error) {
    throw limitError(error);
  }
  if (!upload) throw fileProblem(ERROR_MESSAGES.noFileSelected);
  return upload;
}
