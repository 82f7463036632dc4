import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Button, TextInput } from '@trussworks/react-uswds';

/** A link the body may hold: http(s) or mailto (the server's allow-list keeps no other). */
export const SAFE_LINK = /^(?:https?:\/\/\S+|mailto:\S+)$/i;

export interface RichTextEditorProps {
  /** The editable area's id (the error summary links to it). */
  id: string;
  /** The id of the visible label, and of the hint and error, that name and describe the editable area. */
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  initialHtml: string;
  onChange: (html: string) => void;
  /** Uploads an image and answers the address the body shows it by (throws with a message when refused). */
  uploadImage: (file: File) => Promise<string>;
}

/**
 * The news body editor (Tiptap): paragraphs, headings 2 to 4, bold, italic, lists, quotes, links and
 * uploaded images, which is all the server's allow-list keeps. A toolbar of named buttons (each says
 * whether it is on), keyboard shortcuts as usual (Ctrl+B, Ctrl+I...), and small forms for a link's address
 * and an image's file and description. Loaded only by the news editing page (its own chunk).
 */
export default function RichTextEditor({ id, labelledBy, describedBy, invalid, initialHtml, onChange, uploadImage }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
        },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: initialHtml,
    editorProps: { attributes: areaAttributes(id, labelledBy, describedBy, invalid) },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // The hint and error change after the editor is made (setOptions waits for the editor to be mounted).
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: areaAttributes(id, labelledBy, describedBy, invalid) } });
  }, [editor, id, labelledBy, describedBy, invalid]);

  return (
    <div className={`news-editor${invalid ? ' news-editor--error' : ''}`}>
      {editor && <Toolbar editor={editor} uploadImage={uploadImage} />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The editable area's attributes: a named multi-line text box, described by the hint and error. */
function areaAttributes(id: string, labelledBy: string, describedBy: string | undefined, invalid: boolean): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'news-editor__content usa-prose',
  };
}

type Panel = 'link' | 'image' | null;

function Toolbar({ editor, uploadImage }: { editor: Editor; uploadImage: RichTextEditorProps['uploadImage'] }) {
  const [panel, setPanel] = useState<Panel>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (label: string, pressed: boolean, run: () => void) => (
    <Button type="button" outline className="news-editor__button" aria-pressed={pressed} onClick={run}>
      {label}
    </Button>
  );

  return (
    <div className="news-editor__toolbar-wrap">
      <div className="news-editor__toolbar" role="toolbar" aria-label="Formatting">
        {toggle('Heading 2', state.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {toggle('Heading 3', state.h3, () => chain().toggleHeading({ level: 3 }).run())}
        {toggle('Heading 4', state.h4, () => chain().toggleHeading({ level: 4 }).run())}
        {toggle('Bold', state.bold, () => chain().toggleBold().run())}
        {toggle('Italic', state.italic, () => chain().toggleItalic().run())}
        {toggle('Bulleted list', state.bullet, () => chain().toggleBulletList().run())}
        {toggle('Numbered list', state.ordered, () => chain().toggleOrderedList().run())}
        {toggle('Quote', state.quote, () => chain().toggleBlockquote().run())}
        <Button type="button" outline className="news-editor__button" aria-expanded={panel === 'link'} onClick={() => setPanel(panel === 'link' ? null : 'link')}>
          {state.link ? 'Edit link' : 'Link'}
        </Button>
        <Button type="button" outline className="news-editor__button" aria-expanded={panel === 'image'} onClick={() => setPanel(panel === 'image' ? null : 'image')}>
          Image
        </Button>
        <Button type="button" outline className="news-editor__button" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          Undo
        </Button>
        <Button type="button" outline className="news-editor__button" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          Redo
        </Button>
      </div>
      {panel === 'link' && <LinkPanel editor={editor} current={state.href} onDone={() => setPanel(null)} />}
      {panel === 'image' && <ImagePanel editor={editor} uploadImage={uploadImage} onDone={() => setPanel(null)} />}
    </div>
  );
}

/** The selected text's link: its address, set or removed. */
function LinkPanel({ editor, current, onDone }: { editor: Editor; current: string; onDone: () => void }) {
  const id = useId();
  const [href, setHref] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const apply = () => {
    const address = href.trim();
    if (!SAFE_LINK.test(address)) {
      setError('Use a web address starting with http:// or https://, or an email address starting with mailto:');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the link's text.
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: address, marks: [{ type: 'link', attrs: { href: address } }] }).run();
    else chain.setLink({ href: address }).run();
    onDone();
  };
  return (
    <div className="news-editor__panel" role="group" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="news-editor__panel-heading">
        Link for the selected text
      </p>
      <label className="usa-label margin-top-0" htmlFor={`${id}-href`}>
        Link address
      </label>
      {error && (
        <span className="usa-error-message" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
      <TextInput
        id={`${id}-href`}
        name="link-address"
        type="url"
        value={href}
        validationStatus={error ? 'error' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
      />
      <div className="news-editor__panel-actions">
        <Button type="button" onClick={apply}>
          Apply link
        </Button>
        {current && (
          <Button
            type="button"
            outline
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onDone();
            }}
          >
            Remove link
          </Button>
        )}
        <Button type="button" unstyled onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** An image for the body: uploaded first, then placed at the cursor with its description (alt text). */
function ImagePanel({ editor, uploadImage, onDone }: { editor: Editor; uploadImage: RichTextEditorProps['uploadImage']; onDone: () => void }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const insert = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError('Choose an image file.');
      return;
    }
    if (!alt.trim()) {
      setError('Describe the image for people who cannot see it.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const src = await uploadImage(file);
      editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
      onDone();
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="news-editor__panel" role="group" aria-labelledby={`${id}-heading`}>
      <p id={`${id}-heading`} className="news-editor__panel-heading">
        Add an image at the cursor
      </p>
      {error && (
        <span className="usa-error-message" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
      <label className="usa-label margin-top-0" htmlFor={`${id}-file`}>
        Image file
      </label>
      <span className="usa-hint" id={`${id}-file-hint`}>
        PNG, JPEG, GIF or WebP, up to 15 MB. It is resized for the web and its location data removed.
      </span>
      <input
        ref={fileRef}
        id={`${id}-file`}
        name="news-image"
        className="usa-file-input__input news-editor__file"
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-describedby={`${id}-file-hint`}
      />
      <label className="usa-label" htmlFor={`${id}-alt`}>
        Image description (alt text)
      </label>
      <TextInput id={`${id}-alt`} name="news-image-alt" type="text" value={alt} maxLength={300} onChange={(e) => setAlt(e.target.value)} />
      <div className="news-editor__panel-actions">
        <Button type="button" disabled={busy} onClick={() => void insert()}>
          {busy ? 'Uploading…' : 'Insert image'}
        </Button>
        <Button type="button" unstyled onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
