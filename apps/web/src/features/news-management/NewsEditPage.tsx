import { lazy, Suspense, useCallback } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, ErrorMessage, Fieldset, Form, FormGroup, Textarea } from '@trussworks/react-uswds';
import { NEWS_SUMMARY_MAX, newsSaveSchema, type NewsRecord, type NewsSave, type NewsSaveInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { FormProblems, useServerFailure } from '../../components/management/form-problems';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { TextField } from '../../components/TextField';
import { useCreateNewsMutation, useGetNewsQuery, useUpdateNewsMutation, useUploadNewsImageMutation } from './api';
import { localToday, NEWS_PATH, useCanManageNews } from './NewsManagementPage';

/** The rich-text editor is its own chunk: only this page loads it. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const FIELDS = ['title', 'summary', 'body', 'published_on', 'expires_on', 'is_banner', 'active'] as const;
type NewsField = (typeof FIELDS)[number];

/** Add (`/new`) or edit a news item. */
export default function NewsEditPage() {
  const allowed = useCanManageNews();
  const { newsId } = useParams();
  const id = newsId === 'new' ? null : Number(newsId);
  const title = id === null ? 'Add a news item' : 'Edit news item';
  return (
    <ScreenPage title={title}>
      <p>
        <Link to={NEWS_PATH}>Back to News</Link>
      </p>
      {!allowed ? <NotPermitted /> : id !== null && !(Number.isInteger(id) && id > 0) ? <LoadError message="There is no such news item." /> : <Editor id={id} />}
    </ScreenPage>
  );
}

function Editor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const item = useGetNewsQuery(id ?? 0, { skip: id === null });
  const [create] = useCreateNewsMutation();
  const [update] = useUpdateNewsMutation();
  if (item.isLoading) return <Loading label="Loading the news item…" />;
  if (item.isError) return <LoadError message={errorMessage(toApiError(item.error), 'The news item could not be loaded.')} onRetry={item.refetch} />;
  if (id !== null && !item.data) return null;
  return (
    <NewsForm
      key={id ?? 'new'}
      initial={item.data ?? null}
      submitLabel={id === null ? 'Add the news item' : 'Save the news item'}
      onSubmit={async (values) => {
        const saved = id === null ? await create(values).unwrap() : await update({ id, body: values }).unwrap();
        navigate(NEWS_PATH, { state: { notice: `${saved.title} was ${id === null ? 'added' : 'saved'}.` } });
      }}
    />
  );
}

interface NewsFormProps {
  initial: NewsRecord | null;
  submitLabel: string;
  onSubmit: (values: NewsSave) => Promise<void>;
}

/** A news item: title, summary, rich-text body, publish and expiry days, banner and active flags, checked with the server's schema. */
function NewsForm({ initial, submitLabel, onSubmit }: NewsFormProps) {
  const [upload] = useUploadNewsImageMutation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsSaveInput, unknown, NewsSave>({
    resolver: zodResolver(newsSaveSchema),
    defaultValues: {
      title: initial?.title ?? '',
      summary: initial?.summary ?? '',
      body: initial?.body ?? '',
      published_on: initial?.published_on ?? localToday(),
      expires_on: initial?.expires_on ?? null,
      is_banner: initial?.is_banner ?? false,
      active: initial?.active ?? true,
    },
  });
  const { failure, submit } = useServerFailure(
    onSubmit,
    (field, message) => {
      if (!(FIELDS as readonly string[]).includes(field)) return false;
      setError(field as NewsField, { type: 'server', message });
      return true;
    },
    'The news item could not be saved.',
  );
  const uploadImage = useCallback(
    async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      try {
        return (await upload(form).unwrap()).url;
      } catch (thrown) {
        throw new Error(errorMessage(toApiError(thrown), 'The image could not be uploaded.'), { cause: thrown });
      }
    },
    [upload],
  );
  const message = (field: NewsField) => errors[field]?.message;
  const summary = FIELDS.flatMap((field) => (message(field) ? [{ id: field, message: message(field)! }] : []));
  const bodyError = message('body');
  return (
    <>
      <FormProblems errors={summary} failure={failure} />
      <Form onSubmit={handleSubmit(submit)} noValidate large className="news-form">
        <TextField id="title" label="Title" type="text" registration={register('title')} error={message('title')} />
        <Field id="summary" label="Summary (optional)" hint="One or two sentences: the banner and the news list show it under the title." error={message('summary')}>
          {(a11y) => <Textarea {...a11y} maxLength={NEWS_SUMMARY_MAX} className="news-form__summary" {...register('summary')} />}
        </Field>
        <FormGroup error={Boolean(bodyError)}>
          {/* Not a <label>: the body is an editable area, named by this text through aria-labelledby. */}
          <span id="body-label" className={`usa-label${bodyError ? ' usa-label--error' : ''}`}>
            Body
          </span>
          <span className="usa-hint" id="body-hint">
            Headings, lists, links and images. Select text and use the buttons, or the usual keyboard shortcuts (Ctrl+B bold, Ctrl+I italic).
          </span>
          {bodyError && <ErrorMessage id="body-error">{bodyError}</ErrorMessage>}
          <Controller
            control={control}
            name="body"
            render={({ field }) => (
              <Suspense fallback={<Loading label="Loading the editor…" />}>
                <RichTextEditor
                  id="body"
                  labelledBy="body-label"
                  describedBy={bodyError ? 'body-hint body-error' : 'body-hint'}
                  invalid={Boolean(bodyError)}
                  initialHtml={field.value}
                  onChange={field.onChange}
                  uploadImage={uploadImage}
                />
              </Suspense>
            )}
          />
        </FormGroup>
        <div className="news-form__dates">
          <Field id="published_on" label="Publish date" hint="The item shows on the public site from this day." error={message('published_on')}>
            {(a11y) => <input {...a11y} className={`usa-input${message('published_on') ? ' usa-input--error' : ''}`} type="date" {...register('published_on')} />}
          </Field>
          <Field id="expires_on" label="Expiry date (optional)" hint="The last day it shows. Leave empty to keep it." error={message('expires_on')}>
            {(a11y) => (
              <input
                {...a11y}
                className={`usa-input${message('expires_on') ? ' usa-input--error' : ''}`}
                type="date"
                {...register('expires_on', { setValueAs: (v: string | null) => (v ? v : null) })}
              />
            )}
          </Field>
        </div>
        <Fieldset legend="On the public site" className="margin-top-3">
          <Checkbox id="is_banner" label="Show in the latest news banner across the top of public pages" {...register('is_banner')} />
          <Checkbox id="active" label="Active: shown on the public site between its publish and expiry dates" {...register('active')} />
        </Fieldset>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </Form>
    </>
  );
}
