import { TextField } from '../../components/text-field.tsx';
import { type DetailField, detailFields, MOBILE_HINT } from './detail-fields.ts';

interface Props {
  /** Prefixes each input's id, so two forms on one page never share one. */
  idPrefix: string;
  disabled: boolean;
  values: Record<DetailField, string>;
  onChange: (values: Record<DetailField, string>) => void;
  problems: Partial<Record<DetailField, string | undefined>>;
}

/** A student's details as a fieldset of labelled fields, each with its problem under it (add and edit alike). */
export function DetailFieldset({ idPrefix, disabled, values, onChange, problems }: Props) {
  return (
    <fieldset disabled={disabled} className="grid gap-x-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Details</legend>
      {detailFields.map(([field, label, type]) => (
        <TextField
          key={field}
          id={`${idPrefix}-${field}`}
          label={label}
          type={type}
          value={values[field]}
          onChange={(value) => onChange({ ...values, [field]: value })}
          problem={problems[field]}
          hint={field === 'mobile' ? MOBILE_HINT : undefined}
        />
      ))}
    </fieldset>
  );
}
