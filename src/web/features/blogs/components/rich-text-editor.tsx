import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  Strikethrough,
  Underline,
  Undo2,
  Unlink,
} from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { controlClass } from '../../../components/form-field';
import { imageFileError } from '../../../components/image-picker';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { uploadBlogImage } from '../api';
import { PROSE } from './rich-content';

function ToolButton({
  icon: Icon,
  label,
  active,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cx(
        'inline-flex size-10 items-center justify-center rounded-md transition-colors disabled:opacity-40',
        active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

function Toolbar({
  editor,
  onPickImage,
  uploading,
}: {
  editor: Editor;
  onPickImage: () => void;
  uploading: number | null;
}) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: (e.getAttributes('link').href as string | undefined) ?? '',
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const c = () => editor.chain().focus();
  const marks: ComponentProps<typeof ToolButton>[] = [
    { icon: Bold, label: 'In đậm', active: s.bold, onClick: () => c().toggleBold().run() },
    { icon: Italic, label: 'In nghiêng', active: s.italic, onClick: () => c().toggleItalic().run() },
    { icon: Underline, label: 'Gạch chân', active: s.underline, onClick: () => c().toggleUnderline().run() },
    { icon: Strikethrough, label: 'Gạch ngang', active: s.strike, onClick: () => c().toggleStrike().run() },
  ];
  const blocks: ComponentProps<typeof ToolButton>[] = [
    {
      icon: Heading2,
      label: 'Tiêu đề lớn',
      active: s.h2,
      onClick: () => c().toggleHeading({ level: 2 }).run(),
    },
    {
      icon: Heading3,
      label: 'Tiêu đề nhỏ',
      active: s.h3,
      onClick: () => c().toggleHeading({ level: 3 }).run(),
    },
    { icon: List, label: 'Danh sách', active: s.bullet, onClick: () => c().toggleBulletList().run() },
    {
      icon: ListOrdered,
      label: 'Danh sách đánh số',
      active: s.ordered,
      onClick: () => c().toggleOrderedList().run(),
    },
    { icon: Quote, label: 'Trích dẫn', active: s.quote, onClick: () => c().toggleBlockquote().run() },
    { icon: Minus, label: 'Đường kẻ ngang', onClick: () => c().setHorizontalRule().run() },
  ];

  function applyLink(e: { preventDefault(): void }) {
    e.preventDefault();
    const url = href.trim();
    if (!url) c().extendMarkRange('link').unsetLink().run();
    else {
      const full = /^(https?:|mailto:|\/|#)/i.test(url) ? url : `https://${url}`;
      c().extendMarkRange('link').setLink({ href: full }).run();
    }
    setLinkOpen(false);
  }

  return (
    <div className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex flex-wrap items-center gap-0.5 p-1" role="toolbar" aria-label="Định dạng nội dung">
        {marks.map((t) => (
          <ToolButton key={t.label} {...t} />
        ))}
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        {blocks.map((t) => (
          <ToolButton key={t.label} {...t} />
        ))}
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <ToolButton
          icon={Link2}
          label="Chèn liên kết"
          active={s.link}
          onClick={() => {
            setHref(s.href);
            setLinkOpen((o) => !o);
          }}
        />
        {s.link ? (
          <ToolButton
            icon={Unlink}
            label="Bỏ liên kết"
            onClick={() => c().extendMarkRange('link').unsetLink().run()}
          />
        ) : null}
        <ToolButton icon={ImagePlus} label="Chèn ảnh" disabled={uploading !== null} onClick={onPickImage} />
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <ToolButton icon={Undo2} label="Hoàn tác" disabled={!s.canUndo} onClick={() => c().undo().run()} />
        <ToolButton icon={Redo2} label="Làm lại" disabled={!s.canRedo} onClick={() => c().redo().run()} />
        {uploading !== null ? (
          <span className="ml-2 text-xs text-slate-500" role="status">
            Đang tải ảnh... {Math.round(uploading * 100)}%
          </span>
        ) : null}
      </div>
      {linkOpen ? (
        <div className="flex gap-2 border-t border-slate-100 p-2">
          <label htmlFor="editor-link" className="sr-only">
            Địa chỉ liên kết
          </label>
          <input
            id="editor-link"
            autoFocus
            value={href}
            onChange={(e) => setHref(e.target.value)}
            placeholder="https://... hoặc /cars"
            className={cx(controlClass, 'min-h-10 flex-1')}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setLinkOpen(false);
              if (e.key === 'Enter') applyLink(e);
            }}
          />
          <button
            type="button"
            onClick={applyLink}
            className="min-h-10 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Áp dụng
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * TipTap editor for a post's body (dashboard only): headings, lists, quotes, links and pictures
 * uploaded through POST blogs/admin/images. `value` is read once when the editor starts; `onChange`
 * gets the HTML (the server sanitises it). `imageAlt` is the alt text given to inserted pictures.
 */
export function RichTextEditor({
  value,
  onChange,
  imageAlt,
  labelledBy,
  invalid,
  describedBy,
}: {
  value: string;
  onChange: (html: string) => void;
  imageAlt: string;
  labelledBy: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const altRef = useRef(imageAlt);
  altRef.current = imageAlt;
  const changed = useRef(onChange);
  changed.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
        },
      }),
      Image.configure({ HTMLAttributes: { loading: 'lazy' } }),
    ],
    content: value || '',
    editorProps: {
      attributes: {
        class: cx(PROSE, 'min-h-80 px-4 py-3 focus:outline-none sm:px-6'),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });

  // A value set from outside (the post loaded after the editor started, a form reset) replaces the text.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value === editor.getHTML() || (!value && editor.isEmpty)) return;
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(value || '', { emitUpdate: false })
      .run();
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          class: cx(PROSE, 'min-h-80 px-4 py-3 focus:outline-none sm:px-6'),
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelledBy,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, invalid, describedBy, labelledBy]);

  async function insertImage(file: File) {
    const problem = imageFileError(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    setUploading(0);
    try {
      const image = await uploadBlogImage(file, setUploading);
      editor
        ?.chain()
        .focus()
        .setImage({ src: image.src, alt: altRef.current || file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (err) {
      toast.error(errorMessage(err, 'Không tải được ảnh, vui lòng thử lại'));
    } finally {
      setUploading(null);
    }
  }

  return (
    <div
      className={cx(
        'overflow-hidden rounded-lg border bg-white shadow-sm focus-within:ring-2',
        invalid
          ? 'border-red-500 focus-within:ring-red-500/20'
          : 'border-slate-300 focus-within:border-slate-500 focus-within:ring-slate-400/25',
      )}
    >
      {editor ? (
        <Toolbar editor={editor} onPickImage={() => fileInput.current?.click()} uploading={uploading} />
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
        className="hidden"
        aria-label="Chọn ảnh chèn vào bài viết"
        data-testid="editor-image-input"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) void insertImage(f);
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
