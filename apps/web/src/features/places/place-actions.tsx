import { useState } from 'react';
import { Button } from '@trussworks/react-uswds';
import { placeMergeSchema } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { useMergePlacesMutation, useSetPlaceRetiredMutation, type PlaceKind } from './api';
import { mergeNotice, plural } from './place-words';

/** One place as the actions need it: its kind, id, the name the buttons and dialogs say, and whether it is retired. */
export interface PlaceTarget {
  kind: PlaceKind;
  id: number;
  /** "Ocean County", "Belmar (Monmouth County)". */
  title: string;
  retired: boolean;
}

const RETIRE_TEXT: Record<PlaceKind, string> = {
  county:
    'A retired county keeps its history: its municipalities, beaches, results, reports and downloads still name it. It leaves the pickers, so no new record can choose it. You can restore it at any time.',
  municipality:
    'A retired municipality keeps its history: its beaches, results, reports and downloads still name it. It leaves the pickers, so no new beach, authority or photo can choose it. You can restore it at any time.',
};

/**
 * Retire or restore with confirmation: a button per place opens a dialog saying what retiring means; nothing
 * is sent until it is confirmed; a refusal shows in the dialog in the server's words.
 */
export function useRetireAction(onDone: (notice: string) => void) {
  const [target, setTarget] = useState<PlaceTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [setRetired, { isLoading }] = useSetPlaceRetiredMutation();

  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await setRetired({ kind: target.kind, id: target.id, retired: !target.retired }).unwrap();
      onDone(`${target.title} was ${target.retired ? 'restored' : 'retired'}.`);
      setTarget(null);
    } catch (thrown) {
      setError(errorMessage(toApiError(thrown), `${target.title} could not be ${target.retired ? 'restored' : 'retired'}.`));
    }
  };

  const button = (place: PlaceTarget) => (
    <Button
      type="button"
      outline
      className="margin-0"
      aria-label={`${place.retired ? 'Restore' : 'Retire'} ${place.title}`}
      onClick={() => {
        setError(null);
        setTarget(place);
      }}
    >
      {place.retired ? 'Restore' : 'Retire'}
    </Button>
  );

  const dialog = (
    <ConfirmDialog
      id="retire-place-dialog"
      open={target !== null}
      heading={target ? `${target.retired ? 'Restore' : 'Retire'} ${target.title}?` : ''}
      confirmLabel={target?.retired ? 'Restore' : 'Retire'}
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    >
      {target && (
        <p>
          {target.retired
            ? `${target.title} comes back into the pickers, so new records can choose it again.`
            : RETIRE_TEXT[target.kind]}
        </p>
      )}
    </ConfirmDialog>
  );

  return { button, dialog };
}

/** A place to merge away, with the places it may be merged into and what moves with it. */
export interface MergeSource extends PlaceTarget {
  /** The places it may go into: every other county, or the other municipalities of its county. */
  into: SelectOption[];
  /** Records that name it (a county's include its municipalities' uses). */
  inUse: number;
  /** A county's municipalities. */
  municipalities?: number;
}

/** What the merge does, in the dialog once the place to keep is chosen. */
function mergeConsequence(source: MergeSource, kept: string): string {
  const moving = [
    source.kind === 'county' && source.municipalities ? plural(source.municipalities, 'municipality', 'municipalities') : null,
    source.inUse ? `${plural(source.inUse, 'record', 'records')} that name it (${source.kind === 'county' ? 'organizations, authorities, photos, reports and its municipalities’ uses' : 'beaches, LHA service areas, photos, reports'})` : null,
  ].filter(Boolean);
  const what = moving.length ? `${moving.join(' and ')} will move to ${kept}` : `Nothing names ${source.title} yet: only the entry goes`;
  return `${what}, and ${source.title} will be removed, all in one step. This cannot be undone.`;
}

/**
 * Merge two spellings of one place: the dialog asks which place to keep, says what moves and that the other
 * goes, and reports the rows moved per table as the page's notice.
 */
export function useMergeAction(onDone: (notice: string) => void) {
  const [source, setSource] = useState<MergeSource | null>(null);
  const [into, setInto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [merge, { isLoading }] = useMergePlacesMutation();
  const noun = source?.kind === 'county' ? 'county' : 'municipality';

  const confirm = async () => {
    if (!source) return;
    setError(null);
    if (!into) {
      setError(`Choose the ${noun} to merge ${source.title} into.`);
      return;
    }
    const body = placeMergeSchema.safeParse({ from_id: source.id, into_id: Number(into) });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'Choose two different places.');
      return;
    }
    try {
      const report = await merge({ kind: source.kind, body: body.data }).unwrap();
      onDone(mergeNotice(report));
      setSource(null);
    } catch (thrown) {
      setError(errorMessage(toApiError(thrown), `${source.title} could not be merged.`));
    }
  };

  const button = (place: MergeSource) =>
    place.into.length === 0 ? null : (
      <Button
        type="button"
        outline
        className="margin-0"
        aria-label={`Merge ${place.title} into another ${place.kind}`}
        onClick={() => {
          setError(null);
          setInto('');
          setSource(place);
        }}
      >
        Merge…
      </Button>
    );

  const chosen = source?.into.find((o) => o.value === into);
  const dialog = (
    <ConfirmDialog
      id="merge-place-dialog"
      open={source !== null}
      heading={source ? `Merge ${source.title} into another ${noun}` : ''}
      confirmLabel="Merge"
      destructive
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={() => setSource(null)}
    >
      {source && (
        <>
          <p>Use this when two entries are spellings of one place. Choose the one to keep:</p>
          <SelectField
            id="merge-into"
            label={`Keep this ${noun}`}
            hint={source.kind === 'municipality' ? 'Only municipalities of the same county can be merged.' : undefined}
            value={into}
            options={source.into}
            emptyLabel="- Choose -"
            onChange={setInto}
          />
          <p className="margin-top-2">
            {chosen ? mergeConsequence(source, chosen.label) : `Everything that names ${source.title} will then name the ${noun} you keep, and ${source.title} will be removed. This cannot be undone.`}
          </p>
          {source.kind === 'county' && (
            <p>Municipalities that both counties have must be merged or renamed first.</p>
          )}
        </>
      )}
    </ConfirmDialog>
  );

  return { button, dialog };
}
