import { useEffect, useId, useRef, useState } from 'react';

// Filter inputs for a list's toolbar, bound to one URL key through useListParams (the value comes in,
// changes go out). Text waits for a pause in typing before asking the server again.

export function TextFilter({ label, value, onChange, placeholder }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void; placeholder?: string }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (text === (latest.current.value ?? '')) return;
    const timer = window.setTimeout(() => latest.current.onChange(text.trim() || undefined), 350);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <div className="admin-filtro">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} placeholder={placeholder} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}

export function SelectFilter({ label, value, onChange, options, allLabel = 'Todos' }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void; options: { value: string; label: string }[]; allLabel?: string }) {
  const id = useId();
  return (
    <div className="admin-filtro">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DateFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (v: string | undefined) => void }) {
  const id = useId();
  return (
    <div className="admin-filtro">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)} />
    </div>
  );
}
