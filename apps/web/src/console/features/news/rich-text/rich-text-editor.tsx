import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { FormattingToolbar } from './formatting-toolbar.tsx';

export interface RichTextEditorProps {
  id: string;
  /** The HTML to start from (an item being edited), or ''. */
  initialHtml: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
}

// Lists, links and emphasis the way news.md renders them (components/safe-html), inside the editing box.
const contentClass =
  'min-h-48 w-full rounded-b-lg border border-slate-400 px-3 py-2 break-words focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ' +
  '[&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li>p]:my-0 ' +
  '[&_a]:text-blue-700 [&_a]:underline [&_strong]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_blockquote]:border-l-4 [&_blockquote]:pl-3';

/**
 * The news body as a clerk writes it: paragraphs, bold, italics, lists and links, stored as HTML. Only what the
 * server's sanitiser keeps (domain/sanitize-news.ts) can be made here: no code, strike-through or rules.
 * Its own chunk, loaded by the news page only (news-body-field.tsx).
 */
export default function RichTextEditor({
  id,
  initialHtml,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        // It would add an empty paragraph after a closing list, stored as <p></p>.
        trailingNode: false,
        heading: { levels: [2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
        },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        'aria-describedby': describedBy,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: contentClass,
      },
    },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  return (
    <div>
      <FormattingToolbar editor={editor} controls={id} />
      <EditorContent editor={editor} />
    </div>
  );
}
