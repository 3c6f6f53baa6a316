import { useId, useState } from 'react';

interface FileInputProps {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile: (file: File | null) => void;
  /** Clears the choice after each pick (the images upload at once). */
  resetAfterPick?: boolean;
}

/**
 * A file field in Portuguese: the browser's own control writes "Choose File / No file chosen" in
 * the browser's language, so the native input is visually hidden (still focusable and labelled)
 * and a button-like label says "Escolher arquivo".
 */
export function FileInput({ label, accept, disabled, onFile, resetAfterPick }: FileInputProps) {
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="arquivo-input">
      <label htmlFor={id} className="arquivo-input__rotulo">
        {label}
      </label>
      <div className="arquivo-input__linha">
        <input
          id={id}
          type="file"
          className="visually-hidden arquivo-input__nativo"
          accept={accept}
          disabled={disabled}
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            setName(resetAfterPick ? null : (f?.name ?? null));
            if (resetAfterPick) e.target.value = '';
            onFile(f);
          }}
        />
        <label htmlFor={id} className={`admin-btn arquivo-input__botao${disabled ? ' arquivo-input__botao--desligado' : ''}`} aria-hidden="true">
          Escolher arquivo
        </label>
        <span className="arquivo-input__nome">{name ?? 'Nenhum arquivo escolhido'}</span>
      </div>
    </div>
  );
}
