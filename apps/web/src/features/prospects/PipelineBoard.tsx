import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Board, Opportunity, Stage } from '@pd/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import { useMoveOpportunity } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { useCurrency } from '../../lib/company.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { BoardColumn } from './BoardColumn.tsx';
import { columnByColumn } from './boardKeyboard.ts';
import { LostReasonDialog } from './LostReasonDialog.tsx';

type Drop = { opportunity: Opportunity; stage: Stage };
const dropOf = (event: DragEndEvent): Drop | null => {
  const opportunity = event.active.data.current?.opportunity as Opportunity | undefined;
  const stage = event.over?.data.current?.stage as Stage | undefined;
  return opportunity && stage && stage.id !== opportunity.stageId ? { opportunity, stage } : null;
};

const stageName = (board: Board, id: string | number | undefined) =>
  board.columns.find((c) => `stage-${c.stage.id}` === id)?.stage.name ?? 'no stage';

/** What a screen reader hears while a card moves by keyboard. */
const announcements = (board: Board): Announcements => ({
  onDragStart: ({ active }) =>
    `Picked up ${active.data.current?.opportunity?.title}. Arrow right and left move it between stages; space drops it, escape cancels.`,
  onDragOver: ({ over }) => `Over ${stageName(board, over?.id)}.`,
  onDragEnd: ({ over }) => `Dropped in ${stageName(board, over?.id)}.`,
  onDragCancel: () => 'Move cancelled; the card is back where it was.',
});

/** The board: drag a card (or pick it up with the keyboard) to another stage; Lost asks why, Won opens the client. */
export function PipelineBoard({ board, onOpen }: { board: Board; onOpen: (id: number) => void }) {
  const { company } = useSession();
  const toast = useToast();
  const currency = useCurrency();
  const navigate = useNavigate();
  const move = useMoveOpportunity(company.id);
  const [losing, setLosing] = useState<Drop | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnByColumn }),
  );
  const moveTo = ({ opportunity, stage }: Drop, lostReason?: string) =>
    move.mutate(
      { id: opportunity.id, move: { stageId: stage.id, lostReason: lostReason ?? null } },
      {
        onSuccess: (moved) => {
          if (moved.stageKind === 'won') {
            toast.success(`Won: ${moved.clientName} is a client now.`);
            navigate(recordHref(moved.clientId));
          } else toast.success(`Moved "${moved.title}" to ${moved.stageName}.`);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The move failed.'),
      },
    );
  const onDragEnd = (event: DragEndEvent) => {
    const drop = dropOf(event);
    if (!drop) return;
    if (drop.stage.kind === 'lost') setLosing(drop);
    else moveTo(drop);
  };
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={rectIntersection}
        onDragEnd={onDragEnd}
        accessibility={{ announcements: announcements(board) }}
      >
        <div className="pipeline-board" data-testid="pipeline-board" aria-busy={move.isPending}>
          {board.columns.map((column) => (
            <BoardColumn key={column.stage.id} column={column} currency={currency} onOpen={onOpen} />
          ))}
        </div>
      </DndContext>
      {losing && (
        <LostReasonDialog
          title={losing.opportunity.title}
          onCancel={() => setLosing(null)}
          onConfirm={(reason) => {
            moveTo(losing, reason);
            setLosing(null);
          }}
        />
      )}
    </>
  );
}
