// SelectOptions: the options of a filter's NativeSelect — first the empty "any" choice, then one
// option per value. Server-compatible.
export function SelectOptions({
  any,
  options,
}: {
  /** The label of the empty choice (no filter), e.g. "Any status". */
  any: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <>
      <option value="">{any}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
