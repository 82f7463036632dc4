import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, Textarea, TextInput } from '@trussworks/react-uswds';
import { linkSaveSchema, type ExternalLinkRecord, type LinkSave, type LinkSaveInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { TextField } from '../../components/TextField';
import { useCreateLinkMutation, useGetLinkQuery, useListLinksQuery, useUpdateLinkMutation } from './api';
import { EXTERNAL_LINKS_PATH, useCanManageWebsite } from './ExternalLinksPage';

const FIELDS = ['title', 'url', 'category', 'description'] as const;
type LinkField = (typeof FIELDS)[number];
const EMPTY: LinkSaveInput = { title: '', url: '', category: 'Partners', description: '' };

/** Add (`/new`) or edit an external link. */
export default function ExternalLinkEditPage() {
  const allowed = useCanManageWebsite();
  const { linkId } = useParams();
  const id = linkId === 'new' ? null : Number(linkId);
  const title = id === null ? 'Add a link' : 'Edit link';
  return (
    <ScreenPage title={title}>
      <p>
        <Link to={EXTERNAL_LINKS_PATH}>Back to External Links</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such link." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const link = useGetLinkQuery(id ?? 0, { skip: id === null });
  const all = useListLinksQuery();
  const [create] = useCreateLinkMutation();
  const [update] = useUpdateLinkMutation();
  if (link.isLoading) return <Loading label="Loading the link…" />;
  if (link.isError) return <LoadError message={errorMessage(toApiError(link.error), 'The link could not be loaded.')} onRetry={link.refetch} />;
  if (id !== null && !link.data) return null;
  const categories = [...new Set((all.data ?? []).map((l) => l.category))].sort();
  return (
    <LinkForm
      key={id ?? 'new'}
      initial={link.data ?? EMPTY}
      categories={categories}
      submitLabel={id === null ? 'Add the link' : 'Save the link'}
      onSubmit={async (values) => {
        const saved = id === null ? await create(values).unwrap() : await update({ id, body: values }).unwrap();
        navigate(EXTERNAL_LINKS_PATH, { state: { notice: `${saved.title} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

interface LinkFormProps {
  initial: LinkSaveInput | ExternalLinkRecord;
  categories: string[];
  submitLabel: string;
  onSubmit: (values: LinkSave) => Promise<void>;
}

/** A link: title, web address, category (an existing one or a new one) and a description, checked with the server's schema. */
function LinkForm({ initial, categories, submitLabel, onSubmit }: LinkFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LinkSaveInput, unknown, LinkSave>({
    resolver: zodResolver(linkSaveSchema),
    defaultValues: { title: initial.title, url: initial.url, category: initial.category, description: initial.description },
  });
  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, message) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setError(field as LinkField, { type: 'server', message });
      return true;
    },
    'The link could not be saved.',
  );
  const message = (field: LinkField) => errors[field]?.message;
  const summary = FIELDS.flatMap((field) => (message(field) ? [{ id: field, message: message(field)! }] : []));
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large>
        <TextField id="title" label="Title" type="text" registration={register('title')} error={message('title')} />
        <Field id="url" label="Web address" hint="Starting with http:// or https://" error={message('url')}>
          {(a11y) => <TextInput {...a11y} type="url" {...register('url')} validationStatus={message('url') ? 'error' : undefined} />}
        </Field>
        <Field id="category" label="Category" hint="The heading the link is listed under, e.g. Partners." error={message('category')}>
          {(a11y) => (
            <>
              <TextInput {...a11y} type="text" list="link-categories" {...register('category')} validationStatus={message('category') ? 'error' : undefined} />
              <datalist id="link-categories">
                {categories.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        <Field id="description" label="Description (optional)" error={message('description')}>
          {(a11y) => <Textarea {...a11y} {...register('description')} />}
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </Form>
    </>
  );
}
