/** The trim review popover and the batch delete confirmation. */
import { useId, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { lockedLayerOf } from '../model/group-move.ts';
import type { TimelineIndex } from '../model/timeline-index.ts';
import { Modal } from '@/components/modal.tsx';
import type { TimelineBatchApplyResult } from '@/api/schema.gen.ts';

const nameOf = (index: TimelineIndex, id: string) => index.byId.get(id)?.item.name ?? id;

function ItemList({
  label,
  ids,
  index,
}: {
  label: string;
  ids: readonly string[];
  index: TimelineIndex;
}) {
  if (ids.length === 0) return null;
  const shown = ids.slice(0, 20);
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold text-slate-800">
        {label} ({ids.length})
      </h3>
      <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {shown.map((id) => (
          <li key={id}>{nameOf(index, id)}</li>
        ))}
        {ids.length > shown.length ? <li>and {ids.length - shown.length} more</li> : null}
      </ul>
    </div>
  );
}

/** The dry run of a trim gesture (from the mutation cache), before it is applied. */
export function TrimReviewDialog({
  label,
  preview,
  index,
  onApply,
  onCancel,
}: {
  label: string;
  preview: TimelineBatchApplyResult;
  index: TimelineIndex;
  onApply(): void;
  onCancel(): void;
}) {
  const warnings = preview.warnings;
  return (
    <Modal title={`Review: ${label}`} onCancel={onCancel}>
      {preview.destructive ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <strong>This trim is destructive.</strong> It removes content that cannot be brought back
          by undo.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          The service adjusted this trim. Check the changes before applying.
        </p>
      )}
      {warnings.length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-800">Warnings</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-amber-900">
            {warnings.map((warning, i) => (
              <li key={i}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ItemList label="Affected items" ids={preview.affected_timeline_item_ids} index={index} />
      <ItemList
        label="Items it would delete"
        ids={preview.deleted_timeline_item_ids}
        index={index}
      />
      <p className="mt-3 text-xs text-slate-600">
        Checked against timeline revision {preview.previous_revision}.
      </p>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant={preview.destructive ? 'danger' : 'primary'} onClick={onApply}>
          Apply trim
        </Button>
      </div>
    </Modal>
  );
}

export function DeleteConfirmDialog({
  ids,
  index,
  onConfirm,
  onCancel,
}: {
  ids: readonly string[];
  index: TimelineIndex;
  onConfirm(options: { pack: boolean }): void;
  onCancel(): void;
}) {
  const packId = useId();
  const [pack, setPack] = useState(false);
  const title =
    ids.length === 1 ? `Delete “${nameOf(index, ids[0]!)}”?` : `Delete ${ids.length} items?`;
  const locked = ids.filter((id) => lockedLayerOf(index, [id]) !== null);
  return (
    <Modal title={title} onCancel={onCancel}>
      <p className="text-sm text-slate-700">
        Deleted items cannot be restored with undo. Deleting a caption item removes its caption
        words too.
      </p>
      {locked.length > 0 ? (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {locked.length === 1 ? '1 item is' : `${locked.length} items are`} on a locked layer: the
          service will refuse to delete {locked.length === 1 ? 'it' : 'them'}, and the result will
          list why.
        </p>
      ) : null}
      <ItemList label="Items to delete" ids={ids} index={index} />
      <div className="mt-3 flex items-start gap-2">
        <input
          id={packId}
          type="checkbox"
          checked={pack}
          onChange={(event) => setPack(event.target.checked)}
          className="mt-1"
        />
        <label htmlFor={packId} className="text-sm text-slate-700">
          Close the gaps (later items on the same layers move earlier)
        </label>
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => onConfirm({ pack })}>
          Delete {ids.length === 1 ? 'item' : `${ids.length} items`}
        </Button>
      </div>
    </Modal>
  );
}
