import { useId, useState } from 'react';
import { FileInput } from '@trussworks/react-uswds';
import { Field } from '../Field';

interface FileFieldProps {
  /** The form field name the server reads (`file`, `faqPhoto[0][file]`). */
  name: string;
  label: string;
  /** What the server accepts, in words ("PNG, JPEG, GIF or WebP, up to 15 MB"). */
  hint: string;
  /** The input's accept list (a hint for the picker only; the server checks the bytes). */
  accept: string;
  /** The server's message for this field, if it refused the file. */
  error?: string;
  required?: boolean;
  /** The file already stored, shown so the user knows choosing a new one replaces it. */
  current?: { name: string; href?: string };
  onChange: (file: File | null) => void;
}

/**
 * A labelled file picker for management forms (one upload pipeline on the server): the accepted types and
 * size in words, the stored file if there is one, the chosen file's name and size once picked.
 */
export function FileField({ name, label, hint, accept, error, required, current, onChange }: FileFieldProps) {
  const id = useId().replace(/:/g, '');
  const [chosen, setChosen] = useState<File | null>(null);
  return (
    <Field id={`file-${id}`} label={label} hint={hint} error={error} required={required}>
      {(a11y) => (
        <>
          {current && (
            <p className="margin-y-1">
              Current file:{' '}
              {current.href ? (
                <a href={current.href} target="_blank" rel="noreferrer">
                  {current.name}
                </a>
              ) : (
                current.name
              )}
              . Choose a new file to replace it.
            </p>
          )}
          <FileInput
            {...a11y}
            name={name}
            accept={accept}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setChosen(file);
              onChange(file);
            }}
          />
          {chosen && (
            <p className="margin-y-1 text-base" aria-live="polite">
              Chosen: {chosen.name} ({Math.max(1, Math.round(chosen.size / 1024))} KB)
            </p>
          )}
        </>
      )}
    </Field>
  );
}
