import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, TextInput } from '@trussworks/react-uswds';
import { NOT_APPLICABLE, SURVEY_PHOTOS_MAX, type Survey } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { applyServerErrors } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { FileField } from '../../components/management/file-field';
import { useAddSurveyPhotoMutation, useDeleteSurveyPhotoMutation } from './api';

type Photo = Survey['photos'][number];

/** A survey photo's thumbnail: a staff file, so it is fetched with the token and shown from memory. */
function Thumbnail({ url, alt }: { url: string; alt: string }) {
  const jwt = useAppSelector((state) => state.auth.jwt);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    void fetch(url, { headers: jwt ? { Authorization: `Bearer ${jwt}` } : {} })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        if (live) setSrc(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, jwt]);
  if (failed) return <p className="survey-photo__missing">The photo could not be loaded.</p>;
  return src ? <img src={src} alt={alt} className="survey-photo__image" /> : <p className="survey-photo__missing">Loading the photo…</p>;
}

/** Photos taken during the survey: each with its caption, added one at a time, deleted after a confirmation. */
export function SurveyPhotos({ survey }: { survey: Survey }) {
  const [add, adding] = useAddSurveyPhotoMutation();
  const [remove] = useDeleteSurveyPhotoMutation();
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  const base = `/api/beach/${survey.beach_station_id}/survey/${survey.sanitary_survey_id}/photos`;
  const captionOf = (p: Photo) => (p.caption === NOT_APPLICABLE ? p.original_name : p.caption);
  const deletion = useConfirmedDelete<Photo>({
    nameOf: (p) => `the photo ${captionOf(p)}`,
    remove: (p) => remove({ stationId: survey.beach_station_id, id: survey.sanitary_survey_id, photoId: p.sanitary_survey_photo_id }).unwrap(),
    failure: 'The photo could not be deleted.',
    onDeleted: (message) => setNotice(message.charAt(0).toUpperCase() + message.slice(1)),
  });
  const full = survey.photos.length >= SURVEY_PHOTOS_MAX;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFailure([]);
    if (!file) {
      setErrors({ photo: 'Choose a photo' });
      return;
    }
    setErrors({});
    const body = new FormData();
    body.append('caption', caption.trim() || NOT_APPLICABLE);
    body.append('photo', file);
    try {
      await add({ stationId: survey.beach_station_id, id: survey.sanitary_survey_id, body }).unwrap();
      setNotice(`The photo ${file.name} was added.`);
      setFile(null);
      setCaption('');
      setFormKey((k) => k + 1);
    } catch (thrown) {
      setFailure(
        applyServerErrors(
          thrown,
          (field, message) => {
            if (field !== 'photo' && field !== 'caption') return false;
            setErrors((e) => ({ ...e, [field]: message }));
            return true;
          },
          'The photo could not be added.',
        ),
      );
    }
  };

  return (
    <section aria-labelledby="survey-photos-heading" className="margin-top-4">
      <h3 id="survey-photos-heading">Photos</h3>
      {notice && (
        <Alert type="success" headingLevel="h4" slim role="status">
          {notice}
        </Alert>
      )}
      {survey.photos.length === 0 ? (
        <p>No photos yet.</p>
      ) : (
        <ul className="survey-photos usa-list--unstyled">
          {survey.photos.map((p) => (
            <li key={p.sanitary_survey_photo_id} className="survey-photo">
              <Thumbnail url={`${base}/${p.sanitary_survey_photo_id}?size=thumb`} alt={captionOf(p)} />
              <p className="margin-y-1">{captionOf(p)}</p>
              {deletion.button(p)}
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p>This survey has {SURVEY_PHOTOS_MAX} photos, the most it keeps: delete one to add another.</p>
      ) : (
        <form key={formKey} aria-label="Add a photo" onSubmit={(e) => void onSubmit(e)} className="usa-form usa-form--large">
          {failure.length > 0 && (
            <Alert type="error" headingLevel="h4" slim role="alert">
              {failure.join(' ')}
            </Alert>
          )}
          <FileField name="photo" label="Photo" hint="PNG, JPEG, GIF or WebP, up to 15 MB." accept="image/png,image/jpeg,image/gif,image/webp" error={errors.photo} required onChange={setFile} />
          <Field id="survey-photo-caption" label="Caption (optional)" error={errors.caption}>
            {(a11y) => <TextInput {...a11y} name="caption" type="text" maxLength={500} value={caption} onChange={(e) => setCaption(e.target.value)} />}
          </Field>
          <Button type="submit" outline disabled={adding.isLoading}>
            {adding.isLoading ? 'Adding…' : 'Add the photo'}
          </Button>
        </form>
      )}
      {deletion.dialog('delete-survey-photo-dialog', <p>The photo is deleted from the survey.</p>)}
    </section>
  );
}
