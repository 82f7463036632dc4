import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Fieldset, Form, Textarea, TextInput } from '@trussworks/react-uswds';
import {
  FAQ_ANSWER_MAX,
  FAQ_PHOTO_DESC_MAX,
  FAQ_PHOTO_TITLE_MAX,
  FAQ_PHOTOS_MAX,
  FAQ_QUESTION_MAX,
  faqPhotoField,
  type FaqFormValues,
  type FaqPhotoRecord,
  type FaqRecord,
} from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FileField } from '../../components/management/file-field';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateFaqMutation, useGetFaqQuery, useUpdateFaqMutation } from './api';
import { FAQS_PATH, useCanManageFaqs } from './FaqsManagementPage';

const PHOTO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';
const PHOTO_ACCEPT_WORDS = 'A PNG, JPEG, GIF or WebP image, up to 15 MB. It is resized for the web and its location data removed.';

/** Add (`/new`) or edit an FAQ and its photos. */
export default function FaqEditPage() {
  const allowed = useCanManageFaqs();
  const { faqId } = useParams();
  const id = faqId === 'new' ? null : Number(faqId);
  return (
    <ScreenPage title={id === null ? 'Add an FAQ' : 'Edit FAQ'}>
      <p>
        <Link to={FAQS_PATH}>Back to FAQs</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such FAQ." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const faq = useGetFaqQuery(id ?? 0, { skip: id === null });
  const [create] = useCreateFaqMutation();
  const [update] = useUpdateFaqMutation();
  if (faq.isLoading) return <Loading label="Loading the FAQ…" />;
  if (faq.isError) return <LoadError message={errorMessage(toApiError(faq.error), 'The FAQ could not be loaded.')} onRetry={faq.refetch} />;
  if (id !== null && !faq.data) return null;
  return (
    <FaqForm
      key={id ?? 'new'}
      current={faq.data ?? null}
      onSubmit={async (values, files) => {
        const saved = id === null ? await create({ values, files }).unwrap() : await update({ id, values, files }).unwrap();
        navigate(FAQS_PATH, { state: { notice: `${saved.question} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

/** One photo entry as the form holds it: a stored photo (current) or a new one, its new file if chosen. */
interface PhotoEntry {
  key: number;
  current: FaqPhotoRecord | null;
  title: string;
  desc: string;
  file: File | null;
  /** A stored photo marked for removal (sent as delete 1). */
  remove: boolean;
}

const known = (text: string) => (text === 'N/A' ? '' : text);

/** What the form sends: question, answer and each entry (SPEC 7 faqPhoto[i]), and entry i's new file. */
function toForm(question: string, answer: string, entries: PhotoEntry[]): { values: FaqFormValues; files: (File | null)[] } {
  return {
    values: {
      question,
      answer,
      photos: entries.map((e) => ({
        id: e.current?.faq_photo_id ?? null,
        title: e.title,
        desc: e.desc,
        name: e.file?.name ?? e.current?.name ?? '',
        type: e.file?.type ?? e.current?.type ?? '',
        delete: e.remove,
      })),
    },
    files: entries.map((e) => e.file),
  };
}

const fieldId = (i: number, key: string) => `faq-photo-${i}-${key}`;
/** The element a server field name (`question`, `faqPhoto[2][title]`) belongs to. */
function elementOf(field: string): string | null {
  if (field === 'question' || field === 'answer') return `faq-${field}`;
  const match = /^faqPhoto\[(\d+)\]\[(\w+)\]$/.exec(field);
  return match ? fieldId(Number(match[1]), match[2]!) : null;
}

/** The question, the answer (blank lines between paragraphs) and a repeatable group of photos. */
function FaqForm({ current, onSubmit }: { current: FaqRecord | null; onSubmit: (values: FaqFormValues, files: (File | null)[]) => Promise<void> }) {
  // Keys of the photo groups: stored photos take 0..n-1, added ones count on from there (in handlers only).
  const nextKey = useRef(current?.photos.length ?? 0);
  const [question, setQuestion] = useState(current?.question ?? '');
  const [answer, setAnswer] = useState(current ? known(current.answer) : '');
  const [entries, setEntries] = useState<PhotoEntry[]>(() =>
    (current?.photos ?? []).map((p, i) => ({ key: i, current: p, title: known(p.title), desc: known(p.desc), file: null, remove: false })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { failure, submit } = useServerFailure(
    async () => {
      const { values, files } = toForm(question, answer, entries);
      await onSubmit(values, files);
    },
    (field, message) => {
      const element = elementOf(field);
      if (!element) return false;
      setErrors((e) => ({ ...e, [element]: message }));
      return true;
    },
    'The FAQ could not be saved.',
  );

  const change = (key: number, patch: Partial<PhotoEntry>) => setEntries((list) => list.map((e) => (e.key === key ? { ...e, ...patch } : e)));
  const kept = entries.filter((e) => !e.remove).length;

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!question.trim()) found['faq-question'] = 'Question is required';
    else if (question.trim().length > FAQ_QUESTION_MAX) found['faq-question'] = `Question must be at most ${FAQ_QUESTION_MAX} characters`;
    if (!answer.trim()) found['faq-answer'] = 'Answer is required';
    else if (answer.trim().length > FAQ_ANSWER_MAX) found['faq-answer'] = `Answer must be at most ${FAQ_ANSWER_MAX} characters`;
    entries.forEach((e, i) => {
      if (e.remove) return;
      if (!e.current && !e.file) found[fieldId(i, 'file')] = `Photo ${i + 1}: choose a photo file`;
      if (e.title.trim().length > FAQ_PHOTO_TITLE_MAX) found[fieldId(i, 'title')] = `Photo ${i + 1}: the title must be at most ${FAQ_PHOTO_TITLE_MAX} characters`;
      if (e.desc.trim().length > FAQ_PHOTO_DESC_MAX) found[fieldId(i, 'desc')] = `Photo ${i + 1}: the description must be at most ${FAQ_PHOTO_DESC_MAX} characters`;
    });
    return found;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      await submit(undefined);
    } finally {
      setBusy(false);
    }
  };

  const summary = Object.entries(errors).map(([id, message]) => ({ id, message }));
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={(e) => void send(e)} noValidate large>
        <Field id="faq-question" label="Question" required error={errors['faq-question']}>
          {(a11y) => (
            <TextInput {...a11y} name="question" type="text" value={question} onChange={(e) => setQuestion(e.target.value)} validationStatus={errors['faq-question'] ? 'error' : undefined} />
          )}
        </Field>
        <Field id="faq-answer" label="Answer" required hint="Leave a blank line between paragraphs." error={errors['faq-answer']}>
          {(a11y) => <Textarea {...a11y} name="answer" value={answer} onChange={(e) => setAnswer(e.target.value)} className="height-card" />}
        </Field>
        <Fieldset legend="Photos" className="margin-top-4">
          <p className="usa-hint margin-top-0">Shown below the answer, in this order. An FAQ keeps at most {FAQ_PHOTOS_MAX} photos.</p>
          {entries.length === 0 && <p>This FAQ has no photos.</p>}
          {entries.map((entry, i) => (
            <PhotoGroup
              key={entry.key}
              index={i}
              entry={entry}
              errors={errors}
              onChange={(patch) => change(entry.key, patch)}
              onRemove={() => (entry.current ? change(entry.key, { remove: true, file: null }) : setEntries((list) => list.filter((e) => e.key !== entry.key)))}
            />
          ))}
          <Button
            type="button"
            outline
            className="margin-top-2"
            disabled={kept >= FAQ_PHOTOS_MAX}
            onClick={() => setEntries((list) => [...list, { key: nextKey.current++, current: null, title: '', desc: '', file: null, remove: false }])}
          >
            Add a photo
          </Button>
        </Fieldset>
        <Button type="submit" disabled={busy} className="margin-top-4">
          {busy ? 'Saving…' : current ? 'Save the FAQ' : 'Add the FAQ'}
        </Button>
      </Form>
    </>
  );
}

interface PhotoGroupProps {
  index: number;
  entry: PhotoEntry;
  errors: Record<string, string>;
  onChange: (patch: Partial<PhotoEntry>) => void;
  onRemove: () => void;
}

/** One photo of the FAQ: its image, title and description; removing a stored one waits for the save. */
function PhotoGroup({ index, entry, errors, onChange, onRemove }: PhotoGroupProps) {
  const label = `Photo ${index + 1}`;
  const name = entry.title.trim() || entry.current?.name || label;
  if (entry.remove) {
    return (
      <div className="faq-management__photo faq-management__photo--removed" role="group" aria-label={label}>
        <p>
          {name} will be removed when you save.{' '}
          <Button type="button" unstyled onClick={() => onChange({ remove: false })}>
            Keep {name}
          </Button>
        </p>
      </div>
    );
  }
  return (
    <div className="faq-management__photo" role="group" aria-label={label}>
      <h3 className="margin-bottom-0">{label}</h3>
      {entry.current && (
        <img src={entry.current.thumbnail} alt={`The current ${label.toLowerCase()}`} width={entry.current.width ?? undefined} height={entry.current.height ?? undefined} />
      )}
      <div id={fieldId(index, 'file')} tabIndex={-1}>
        <FileField
          name={faqPhotoField(index, 'file')}
          label={`${label} file`}
          hint={PHOTO_ACCEPT_WORDS}
          accept={PHOTO_ACCEPT}
          required={!entry.current}
          error={errors[fieldId(index, 'file')]}
          current={entry.current ? { name: entry.current.name, href: entry.current.file } : undefined}
          onChange={(file) => onChange({ file })}
        />
      </div>
      <Field id={fieldId(index, 'title')} label={`${label} title (optional)`} error={errors[fieldId(index, 'title')]}>
        {(a11y) => <TextInput {...a11y} name={faqPhotoField(index, 'title')} type="text" value={entry.title} onChange={(e) => onChange({ title: e.target.value })} />}
      </Field>
      <Field id={fieldId(index, 'desc')} label={`${label} description (optional)`} error={errors[fieldId(index, 'desc')]}>
        {(a11y) => <Textarea {...a11y} name={faqPhotoField(index, 'desc')} value={entry.desc} onChange={(e) => onChange({ desc: e.target.value })} />}
      </Field>
      <Button type="button" outline secondary className="margin-top-2" onClick={onRemove} aria-label={`Remove ${label}`}>
        Remove photo
      </Button>
    </div>
  );
}
