import { NOTE_CANVAS } from '@pd/contracts';
import { Button } from 'primereact/button';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

type Point = { x: number; y: number };

export interface DrawingCanvasProps {
  id: string;
  labelId: string;
  /** The drawing to start from (a PNG data URL), read once when the canvas opens; '' for a blank one. */
  value: string;
  /** A PNG data URL of the canvas after each stroke, undo or clear; '' when nothing is drawn. */
  onChange: (dataUrl: string) => void;
  invalid?: boolean;
  describedBy?: string;
}

const INK = '#111827';
const PAPER = '#ffffff';

/**
 * Freehand drawing (spec section 9: 800 wide by 1500 high, line width 2) with pointer events, so mouse,
 * pen and touch all draw; the page does not scroll under a finger (touch-action: none). Undo takes back
 * one stroke at a time, Clear empties the canvas, including a drawing it started from.
 */
export function DrawingCanvas({ id, labelId, value, onChange, invalid, describedBy }: DrawingCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const current = useRef<Point[] | null>(null);
  const [start] = useState(value);
  const [base, setBase] = useState<HTMLImageElement | null>(null);
  const [strokeCount, setStrokeCount] = useState(0);

  const redraw = useCallback((image: HTMLImageElement | null) => {
    const ctx = pen(canvasRef.current);
    if (!ctx) return;
    ctx.fillStyle = PAPER;
    ctx.fillRect(0, 0, NOTE_CANVAS.width, NOTE_CANVAS.height);
    if (image) ctx.drawImage(image, 0, 0);
    for (const stroke of strokes.current) drawStroke(ctx, stroke);
  }, []);

  useEffect(() => {
    redraw(null);
    if (!start) return;
    const image = new Image();
    image.onload = () => {
      setBase(image);
      redraw(image);
    };
    image.src = start;
  }, [start, redraw]);

  const emit = (image: HTMLImageElement | null) => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const empty = !image && strokes.current.length === 0;
    onChange(empty ? '' : canvas.toDataURL('image/png'));
    setStrokeCount(strokes.current.length);
  };

  const pointAt = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * NOTE_CANVAS.width) / rect.width,
      y: ((event.clientY - rect.top) * NOTE_CANVAS.height) / rect.height,
    };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = pointAt(event);
    current.current = [point];
    const ctx = pen(canvasRef.current);
    if (ctx) drawStroke(ctx, [point]);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    const ctx = pen(canvasRef.current);
    const last = stroke[stroke.length - 1];
    const point = pointAt(event);
    stroke.push(point);
    if (ctx && last) drawStroke(ctx, [last, point]);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const stroke = current.current;
    if (!stroke) return;
    current.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
    strokes.current.push(stroke);
    emit(base);
  };

  const undo = () => {
    strokes.current.pop();
    redraw(base);
    emit(base);
  };

  const clear = () => {
    strokes.current = [];
    setBase(null);
    redraw(null);
    emit(null);
  };

  const hintId = `${id}-hint`;
  return (
    <div className={`drawing${invalid ? ' drawing--invalid' : ''}`}>
      <div className="drawing__tools">
        <Button
          type="button"
          label="Undo"
          icon="pi pi-undo"
          size="small"
          outlined
          onClick={undo}
          disabled={strokeCount === 0}
        />
        <Button
          type="button"
          label={base ? 'Clear (start again)' : 'Clear'}
          icon="pi pi-eraser"
          size="small"
          outlined
          onClick={clear}
          disabled={strokeCount === 0 && !base}
        />
        <small id={hintId} className="muted">
          Draw with the mouse, a pen or a finger. {base ? 'New strokes go on top of the saved drawing.' : ''}
        </small>
      </div>
      <div className="drawing__scroller">
        <canvas
          id={id}
          ref={canvasRef}
          className="drawing__canvas"
          width={NOTE_CANVAS.width}
          height={NOTE_CANVAS.height}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          data-strokes={strokeCount}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        />
      </div>
    </div>
  );
}

/** The canvas's 2D context, set up for ink (spec section 9: line width 2). */
function pen(canvas: HTMLCanvasElement | null): CanvasRenderingContext2D | null {
  const ctx = canvas?.getContext('2d');
  if (!ctx) return null;
  ctx.lineWidth = NOTE_CANVAS.lineWidth;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK;
  return ctx;
}

function drawStroke(ctx: CanvasRenderingContext2D, stroke: Point[]): void {
  const [first, ...rest] = stroke;
  if (!first) return;
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  // A tap with no movement still leaves a dot.
  if (rest.length === 0) ctx.lineTo(first.x + 0.01, first.y);
  for (const point of rest) ctx.lineTo(point.x, point.y);
  ctx.stroke();
}
