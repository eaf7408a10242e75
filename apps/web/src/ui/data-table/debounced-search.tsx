import { useEffect, useRef, useState } from 'react';
import { SearchInput } from '../search-input';

export const SEARCH_DEBOUNCE_MS = 300;

/** A search box that commits its text once typing pauses (and at once when cleared). */
export function DebouncedSearch({
  value,
  onCommit,
  label,
  placeholder,
  className,
}: {
  value: string;
  onCommit: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const committed = useRef(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // A change from outside (URL on load, reset filters, back/forward) replaces what is in the box.
  useEffect(() => {
    if (value === committed.current) return;
    committed.current = value;
    clearTimeout(timer.current);
    setText(value);
  }, [value]);

  useEffect(() => () => clearTimeout(timer.current), []);

  function onChange(next: string) {
    setText(next);
    clearTimeout(timer.current);
    const send = () => {
      committed.current = next;
      commit.current(next);
    };
    if (next === '') send();
    else timer.current = setTimeout(send, SEARCH_DEBOUNCE_MS);
  }

  return (
    <SearchInput
      label={label}
      placeholder={placeholder}
      value={text}
      onValueChange={onChange}
      className={className}
    />
  );
}
