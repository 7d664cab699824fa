import { Editor } from 'primereact/editor';
import type Quill from 'quill';
import { useEffect, useState } from 'react';
import '../styles/settings.css';

export interface RichTextEditorProps {
  /** Id of the editable area, so a label's click and tests can find it. */
  id: string;
  /** Id of the element that names the field (a visible label). */
  labelId: string;
  /** Stored HTML; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  invalid?: boolean;
  /** Ids of the hint and error texts that describe the field. */
  describedBy?: string;
  placeholder?: string;
  readOnly?: boolean;
  /** Height of the writing area, e.g. '12rem'. */
  height?: string;
}

/**
 * PrimeReact's Editor (Quill 2, which PrimeReact loads on demand and styles itself) with a small toolbar of
 * named buttons, and the editable area labelled, described and marked invalid like any other input.
 * The toolbar keeps to formats the server's sanitiser allows. Usable as a react-hook-form Controller's
 * render: value and onChange carry an HTML string.
 */
export function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  invalid = false,
  describedBy,
  placeholder,
  readOnly = false,
  height = '12rem',
}: RichTextEditorProps) {
  const [quill, setQuill] = useState<Quill | null>(null);

  // Quill owns the editable div; give it the attributes a labelled textbox needs.
  useEffect(() => {
    if (!quill) return;
    const root = quill.root;
    const set = (name: string, attr: string | undefined) => {
      if (attr === undefined) root.removeAttribute(name);
      else root.setAttribute(name, attr);
    };
    set('id', id);
    set('role', 'textbox');
    set('aria-multiline', 'true');
    set('aria-labelledby', labelId);
    set('aria-invalid', invalid ? 'true' : undefined);
    set('aria-describedby', describedBy);
    set('aria-readonly', readOnly ? 'true' : undefined);
    // PrimeReact passes readOnly to Quill only when it is created.
    quill.enable(!readOnly);
  }, [quill, id, labelId, invalid, describedBy, readOnly]);

  useEffect(() => {
    if (!quill || !onBlur) return;
    const root = quill.root;
    root.addEventListener('blur', onBlur);
    return () => root.removeEventListener('blur', onBlur);
  }, [quill, onBlur]);

  const toolbar = (
    <>
      <span className="ql-formats">
        <button type="button" className="ql-bold" aria-label="Bold" />
        <button type="button" className="ql-italic" aria-label="Italic" />
        <button type="button" className="ql-underline" aria-label="Underline" />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-list" value="ordered" aria-label="Numbered list" />
        <button type="button" className="ql-list" value="bullet" aria-label="Bulleted list" />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-link" aria-label="Link" />
        <button type="button" className="ql-clean" aria-label="Remove formatting" />
      </span>
    </>
  );

  return (
    <Editor
      className={`rich-text-editor${invalid ? ' rich-text-editor--invalid' : ''}`}
      value={value}
      onTextChange={(e) => onChange(e.htmlValue ?? '')}
      onLoad={(instance: Quill) => setQuill(instance)}
      headerTemplate={toolbar}
      readOnly={readOnly}
      placeholder={placeholder}
      style={{ height }}
      pt={{ toolbar: { role: 'toolbar', 'aria-label': 'Formatting' } }}
    />
  );
}
