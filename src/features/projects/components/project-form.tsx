import { useState, type FormEvent } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { TextAreaField, TextField } from '@/components/text-field.tsx';
import {
  validateProjectForm,
  type ProjectFormErrors,
  type ProjectFormValues,
} from '../project-form-schema.ts';

/** Create and edit share one form; bad input is explained before any request is sent. */
export function ProjectForm({
  initial,
  submitLabel,
  pendingLabel,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  initial: ProjectFormValues;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: (values: ProjectFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProjectFormErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProjectForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.values);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <TextField
        label="Name"
        value={values.name}
        maxLength={400}
        onChange={(e) => setValues({ ...values, name: e.target.value })}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        rows={3}
        value={values.description}
        onChange={(e) => setValues({ ...values, description: e.target.value })}
        error={errors.description}
        hint="Optional. Up to 2,000 characters."
      />
      <InlineError error={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
