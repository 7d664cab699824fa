import { FORM_FILL_MESSAGES } from '@pd/contracts/fill-page';
import { useEffect, useId, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { type Attachment, canvasToPng, drawTypedName } from './signatureImage.ts';

/**
 * A signature drawn with a finger or a mouse (signature_pad), sent as a PNG; Clear starts again. For anyone
 * who cannot draw (keyboard, screen reader), typing the full name draws it as the signature instead.
 */
export function SignatureField({
  name,
  value,
  onChange,
  label = 'Signature',
}: {
  name: string;
  value?: Attachment;
  onChange: (file: Attachment | undefined) => void;
  label?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  // Drawn once on mount (a restored draft's signature); from then on the drawing is the pad's own state.
  const initial = useRef(value);
  changed.current = onChange;
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The drawing as a PNG for the answer; a browser without Web Crypto (a plain-http address) cannot hash it. */
  const exported = async (element: HTMLCanvasElement) => {
    try {
      changed.current(await canvasToPng(element));
      setProblem(null);
    } catch {
      setProblem(FORM_FILL_MESSAGES.signatureUnsupported);
    }
  };
  const exportLatest = useRef(exported);
  exportLatest.current = exported;
  const helpId = useId();
  const typedId = useId();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 2);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    element.getContext('2d')?.scale(ratio, ratio);
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255,255,255)', penColor: '#1a2b4c' });
    pad.current = signature;
    const restored = initial.current?.data;
    if (restored) void signature.fromDataURL(`data:image/png;base64,${restored}`, { ratio });
    const ended = () => void exportLatest.current(element);
    signature.addEventListener('endStroke', ended);
    return () => {
      signature.removeEventListener('endStroke', ended);
      signature.off();
    };
  }, []);

  const clear = () => {
    pad.current?.clear();
    setTyped('');
    onChange(undefined);
  };
  const applyTyped = async () => {
    const element = canvas.current;
    if (!element || !typed.trim()) return;
    pad.current?.clear();
    drawTypedName(element, typed.trim());
    await exported(element);
  };

  return (
    <div className="fill-signature">
      <p className="fill-hint" id={helpId}>
        Sign with your finger or mouse in the box. If you cannot draw, type your full name below and choose
        “Use typed name”: it becomes your signature.
      </p>
      <canvas
        ref={canvas}
        className="fill-signature__pad"
        role="img"
        aria-label={`${label}: drawing area${value ? ' (signed)' : ' (empty)'}`}
        aria-describedby={helpId}
        data-testid={`signature-${name}`}
      />
      <div className="fill-signature__actions">
        <button type="button" className="fill-button fill-button--plain" onClick={clear}>
          Clear
        </button>
        <span className="fill-signature__state" aria-live="polite">
          {value ? 'Signed' : 'Not signed yet'}
        </span>
      </div>
      {problem && (
        <p className="fill-error" role="alert">
          {problem}
        </p>
      )}
      <div className="fill-signature__typed">
        <label htmlFor={typedId} className="fill-hint">
          Or type your full name
        </label>
        <input
          id={typedId}
          className="fill-input"
          value={typed}
          maxLength={80}
          autoComplete="name"
          onChange={(e) => setTyped(e.target.value)}
        />
        <button
          type="button"
          className="fill-button fill-button--plain"
          onClick={applyTyped}
          disabled={!typed.trim()}
        >
          Use typed name
        </button>
      </div>
    </div>
  );
}
