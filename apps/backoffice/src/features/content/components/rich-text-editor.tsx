import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import styles from './content.module.css';

/**
 * The formatting the editor offers is what the server keeps (apps/server/src/modules/content/sanitize.ts):
 * headings 2 to 4, emphasis, lists, quotes, code, rules and links. Anything else pasted in is dropped here by
 * the editor's schema, and again by the server when it is saved.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      protocols: ['https', 'http', 'mailto', 'tel'],
      isAllowedUri: (url, context) => /^(https?:|mailto:|tel:|\/(?!\/))/i.test(url) && context.defaultValidate(url),
    },
  }),
];

const LINK = /^(https?:\/\/\S+|mailto:\S+|tel:\S+|\/(?!\/)\S*)$/i;

interface ToolState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled: boolean }) {
  const { t } = useTranslation('content');
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const state = useEditorState({
    editor,
    selector: ({ editor: current }): ToolState => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: { id: keyof ToolState; label: string; text: string; run: () => void }[] = [
    { id: 'bold', label: t('editor.bold'), text: 'B', run: () => chain().toggleBold().run() },
    { id: 'italic', label: t('editor.italic'), text: 'I', run: () => chain().toggleItalic().run() },
    { id: 'underline', label: t('editor.underline'), text: 'U', run: () => chain().toggleUnderline().run() },
    { id: 'strike', label: t('editor.strike'), text: 'S', run: () => chain().toggleStrike().run() },
    { id: 'h2', label: t('editor.h2'), text: 'H2', run: () => chain().toggleHeading({ level: 2 }).run() },
    { id: 'h3', label: t('editor.h3'), text: 'H3', run: () => chain().toggleHeading({ level: 3 }).run() },
    { id: 'bulletList', label: t('editor.bulletList'), text: '•', run: () => chain().toggleBulletList().run() },
    { id: 'orderedList', label: t('editor.orderedList'), text: '1.', run: () => chain().toggleOrderedList().run() },
    { id: 'blockquote', label: t('editor.quote'), text: '❝', run: () => chain().toggleBlockquote().run() },
  ];
  const isLinkValid = LINK.test(href.trim());

  return (
    <div className={styles.toolbar} role="toolbar" aria-label={t('editor.toolbar')}>
      {tools.map((tool) => (
        <button
          key={tool.id}
          type="button"
          className={styles.tool}
          data-tool={tool.id}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={Boolean(state[tool.id])}
          disabled={disabled}
          onClick={tool.run}
        >
          {tool.text}
        </button>
      ))}
      <button
        type="button"
        className={styles.tool}
        aria-label={t('editor.link')}
        title={t('editor.link')}
        aria-pressed={state.link}
        disabled={disabled}
        onClick={() => {
          setHref((editor.getAttributes('link')['href'] as string | undefined) ?? 'https://');
          setLinkOpen(true);
        }}
      >
        🔗
      </button>
      <span className={styles.toolGap} />
      <button
        type="button"
        className={styles.tool}
        aria-label={t('editor.undo')}
        title={t('editor.undo')}
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      >
        ↶
      </button>
      <button
        type="button"
        className={styles.tool}
        aria-label={t('editor.redo')}
        title={t('editor.redo')}
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      >
        ↷
      </button>
      <Dialog
        open={linkOpen}
        onOpenChange={setLinkOpen}
        title={t('editor.linkTitle')}
        footer={
          <>
            {state.link && (
              <Button
                variant="ghost"
                onClick={() => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setLinkOpen(false);
                }}
              >
                {t('editor.unlink')}
              </Button>
            )}
            <Button
              disabled={!isLinkValid}
              onClick={() => {
                chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
                setLinkOpen(false);
              }}
            >
              {t('editor.setLink')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('editor.linkAddress')}
          hint={t('editor.linkHint')}
          value={href}
          spellCheck={false}
          autoCapitalize="none"
          onChange={(event) => setHref(event.target.value)}
          error={href.trim() && !isLinkValid ? t('editor.linkRule') : undefined}
        />
      </Dialog>
    </div>
  );
}

/** A rich text field (tiptap): `value` is its HTML as it opened, `onChange` gets the HTML after each edit. */
export function RichTextEditor({
  label,
  value,
  onChange,
  readOnly = false,
  error,
  hint,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  readOnly?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  const id = useId();
  const editor = useEditor({
    extensions,
    content: value,
    editable: !readOnly,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    editorProps: {
      attributes: {
        id: `${id}-input`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
        ...(hint && !error ? { 'aria-describedby': `${id}-hint` } : {}),
        class: styles.prose ?? '',
      },
    },
  });
  return (
    <div className={styles.richField}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <div className={styles.editorFrame} data-invalid={error ? true : undefined}>
        <Toolbar editor={editor} disabled={readOnly} />
        <EditorContent editor={editor} />
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
