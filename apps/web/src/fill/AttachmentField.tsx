import type { FormAnswer, FormFileType, FormItem } from '@pd/contracts';
import {
  FORM_FILE_ACCEPT,
  FORM_FILE_TYPES,
  FORM_FILL_LIMITS,
  FORM_FILL_MESSAGES,
} from '@pd/contracts/fill-page';
import { useState } from 'react';
import { toBase64, uploadFile } from './fillApi.ts';
import { controlProps } from './Question.tsx';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A file (PDF, JPEG or PNG, at most 5 MB) uploaded at once through the link; the answer names it
 * (`Binary/<id>`, its size and SHA-256). The server checks type, size and first bytes again.
 */
export function AttachmentField({
  item,
  token,
  given,
  error,
  set,
}: {
  item: FormItem;
  token: string;
  given: FormAnswer[];
  error?: string;
  set: (given: FormAnswer[]) => void;
}) {
  const [state, setState] = useState<{ busy: boolean; problem?: string }>({ busy: false });
  const file = given[0]?.valueAttachment;
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (!(FORM_FILE_TYPES as readonly string[]).includes(chosen.type))
      return setState({ busy: false, problem: FORM_FILL_MESSAGES.fileType });
    if (chosen.size > FORM_FILL_LIMITS.fileBytes)
      return setState({ busy: false, problem: FORM_FILL_MESSAGES.fileTooBig });
    setState({ busy: true });
    const data = toBase64(new Uint8Array(await chosen.arrayBuffer()));
    const result = await uploadFile(token, {
      contentType: chosen.type as FormFileType,
      title: chosen.name.slice(0, 200) || 'file',
      data,
    });
    if (!result.ok) return setState({ busy: false, problem: result.fields[0]?.message ?? result.message });
    setState({ busy: false });
    set([{ valueAttachment: result.value }]);
  };
  const problem = state.problem ?? error;
  return (
    <div className="fill-file">
      {file ? (
        <p className="fill-file__chosen" data-testid={`file-${item.linkId}`}>
          <span>
            {file.title} ({sizeText(file.size)})
          </span>
          <button type="button" className="fill-button fill-button--plain" onClick={() => set([])}>
            Remove
          </button>
        </p>
      ) : (
        <input
          type="file"
          accept={FORM_FILE_ACCEPT}
          className="fill-input"
          {...controlProps(item, problem)}
          disabled={state.busy}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
      )}
      <p className="fill-hint">PDF, JPEG or PNG, at most 5 MB.</p>
      {state.busy && (
        <p className="fill-hint" role="status">
          Uploading…
        </p>
      )}
      {state.problem && (
        <p className="fill-error" role="alert">
          {state.problem}
        </p>
      )}
    </div>
  );
}
