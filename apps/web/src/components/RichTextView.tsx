import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import '../styles/settings.css';

export interface RichTextViewProps {
  /** Stored rich text (HTML from the editor, already sanitised by the server). */
  html: string;
  className?: string;
  /** Shown when there is no text. */
  empty?: string;
  id?: string;
}

// Links in stored text open in a new tab and cannot reach back to this page.
let hooked = false;
function purifier(): typeof DOMPurify {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Stored rich text, sanitised again on the way in (defence in depth: the server already cleans it). */
export function RichTextView({ html, className, empty, id }: RichTextViewProps) {
  const clean = useMemo(
    () =>
      purifier().sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'img'],
        FORBID_ATTR: ['contenteditable', 'id', 'name'],
      }),
    [html],
  );
  const classes = `rich-text${className ? ` ${className}` : ''}`;
  if (!clean.trim() && empty !== undefined)
    return (
      <div id={id} className={`${classes} rich-text--empty`}>
        {empty}
      </div>
    );
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
    <div id={id} className={classes} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
