import { useEffect, useRef } from 'react';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';

/** Each mounted form's answer to "would leaving now lose what the user typed?". */
const forms = new Set<() => boolean>();
const releasers = new WeakMap<object, () => void>();
const allReleasers = new Set<() => void>();

/** Whether any form on screen has changes that are not saved (asked by LeaveGuard and beforeunload). */
export const hasUnsavedChanges = (): boolean => [...forms].some((unsaved) => unsaved());

/**
 * The user is done with this form (saved it, or pressed its Cancel): leaving does not ask, until the form
 * is changed again.
 */
export function releaseForm(control: Control<FieldValues> | object): void {
  releasers.get(control)?.();
}

/** The user closed a panel with its Cancel (whichever button it is): nothing on screen asks on the way out. */
export function releaseAllForms(): void {
  for (const release of allReleasers) release();
}

/** Registers a form with the leave guard: it counts as unsaved while dirty and not released. */
export function useUnsavedChanges<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
): void {
  // Read during render so react-hook-form keeps isDirty up to date for the check below.
  void form.formState.isDirty;
  void form.formState.isSubmitting;
  const released = useRef(false);
  useEffect(() => {
    // A form being saved is not about to be lost: a save that moves on (to the created record, to the next
    // panel) leaves without asking.
    const unsaved = () => !released.current && form.formState.isDirty && !form.formState.isSubmitting;
    const release = () => {
      released.current = true;
    };
    forms.add(unsaved);
    releasers.set(form.control, release);
    allReleasers.add(release);
    const unsubscribe = form.subscribe({
      formState: { values: true },
      callback: () => {
        released.current = false;
      },
    });
    return () => {
      forms.delete(unsaved);
      releasers.delete(form.control);
      allReleasers.delete(release);
      unsubscribe();
    };
  }, [form]);
}

/**
 * Registers a screen that keeps its own state (not a react-hook-form form, e.g. the form builder) with the
 * leave guard: it counts as unsaved while `dirty` says so.
 */
export function useUnsavedState(dirty: boolean): void {
  const current = useRef(dirty);
  current.current = dirty;
  useEffect(() => {
    const unsaved = () => current.current;
    forms.add(unsaved);
    return () => {
      forms.delete(unsaved);
    };
  }, []);
}
