import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { toLinkAddress } from './link-address.ts';

const buttonClass =
  'rounded-md border border-slate-400 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'focus-visible:outline-blue-700 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white';

/**
 * Bold, Italic, the two lists and Link, each a labelled toggle that says whether it is on where the cursor is
 * (aria-pressed). Left and Right move between them; the usual shortcuts (Ctrl+B, Ctrl+I) work in the text too.
 */
export function FormattingToolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const toolbar = useRef<HTMLDivElement>(null);

  const moveFocus = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...(toolbar.current?.querySelectorAll('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    buttons[(at + (event.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
  };
  const toggles: [label: string, on: boolean, run: () => void][] = [
    ['Bold', active.bold, () => editor.chain().focus().toggleBold().run()],
    ['Italic', active.italic, () => editor.chain().focus().toggleItalic().run()],
    ['Bulleted list', active.bulletList, () => editor.chain().focus().toggleBulletList().run()],
    ['Numbered list', active.orderedList, () => editor.chain().focus().toggleOrderedList().run()],
  ];

  return (
    <div className="rounded-t-lg border border-b-0 border-slate-400 bg-slate-50 p-2">
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={controls}
        onKeyDown={moveFocus}
        className="flex flex-wrap gap-2"
      >
        {toggles.map(([label, on, run]) => (
          <button key={label} type="button" aria-pressed={on} onClick={run} className={buttonClass}>
            {label}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={active.link}
          aria-expanded={linking}
          onClick={() => setLinking(!linking)}
          className={buttonClass}
        >
          Link
        </button>
      </div>
      {linking ? <LinkForm editor={editor} onClose={() => setLinking(false)} /> : null}
    </div>
  );
}

/** The address of the link on the selected words: added, changed or removed; Enter adds it, Escape closes. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const id = useId();
  const [address, setAddress] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [problem, setProblem] = useState('');
  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const href = toLinkAddress(address);
    if (!href) {
      setProblem('Type a web address (example.com/page), an email address or a phone number.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onClose();
  };
  const keys = (event: KeyboardEvent) => {
    // Enter would otherwise send the whole news form.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          Link address
        </label>
        <input
          id={id}
          // Opening the link form is asking to type the address.
          autoFocus
          type="text"
          inputMode="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          onKeyDown={keys}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-problem`}
          className="w-full rounded-md border border-slate-400 bg-white px-2 py-1"
        />
      </div>
      <button type="button" onClick={apply} className={buttonClass}>
        Add link
      </button>
      {editor.isActive('link') ? (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
          className={buttonClass}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" onClick={close} className={buttonClass}>
        Cancel
      </button>
      <p id={`${id}-problem`} role="alert" className="w-full text-sm text-red-700 empty:hidden">
        {problem}
      </p>
    </div>
  );
}
