import {
  FORM_BUILDER_MESSAGES,
  FORM_LIMITS,
  type FormItemType,
  type FormSummary,
  type FormVersion,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import type { useFormMutations } from '../../../api/forms.ts';
import { useUnsavedState } from '../../../app/leave/unsavedForms.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { failureMessage } from '../../../lib/forms/serverErrors.ts';
import { BuilderSelect } from './BuilderSelect.tsx';
import { ItemOutline } from './ItemOutline.tsx';
import { ItemSettings } from './ItemSettings.tsx';
import { TYPE_OPTIONS } from './itemLabels.ts';
import { focusField, ProblemList } from './ProblemList.tsx';
import { FormPreview } from './preview/FormPreview.tsx';
import { useBuilderState } from './useBuilderState.ts';

interface FormBuilderProps {
  form: FormSummary;
  version: FormVersion;
  canChange: boolean;
  mutations: ReturnType<typeof useFormMutations>;
}

/**
 * The builder: the form's name, its items (outline and the chosen item's settings), what publication would
 * refuse, Save draft and Publish; or the preview. A published version is read-only until an administrator
 * starts the next version from it.
 */
export function FormBuilder({ form, version, canChange, mutations }: FormBuilderProps) {
  const toast = useToast();
  const state = useBuilderState(version.definition);
  const [startedNew, setStartedNew] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [newType, setNewType] = useState<FormItemType>('string');
  useUnsavedState(state.dirty);
  const editable = canChange && (form.draft !== null || startedNew);
  const readOnly = !editable;
  const busy = mutations.saveDraft.isPending || mutations.publish.isPending;
  const nextVersion = (form.published?.version ?? 0) + 1;

  const save = async (): Promise<boolean> => {
    const sent = state.definition;
    try {
      await mutations.saveDraft.mutateAsync({ formId: form.id, definition: sent });
    } catch (error) {
      toast.error(failureMessage(error));
      return false;
    }
    state.markSaved(sent);
    return true;
  };
  const saveDraft = async () => {
    if (await save()) toast.success(FORM_BUILDER_MESSAGES.saved(state.definition.title));
  };
  const publish = () =>
    confirmDialog({
      header: 'Publish form',
      message: FORM_BUILDER_MESSAGES.publishConfirm(state.definition.title),
      icon: 'pi pi-send',
      defaultFocus: 'reject',
      acceptLabel: 'Publish',
      rejectLabel: 'Cancel',
      accept: async () => {
        if (state.dirty && !(await save())) return;
        try {
          const published = await mutations.publish.mutateAsync(form.id);
          setStartedNew(false);
          toast.success(
            FORM_BUILDER_MESSAGES.published(published.name, published.published?.version ?? nextVersion),
          );
        } catch (error) {
          toast.error(failureMessage(error));
        }
      },
    });
  const showProblem = (path: number[], field: string) => {
    setPreviewing(false);
    if (path.length > 0) state.select(path);
    requestAnimationFrame(() => focusField(field));
  };

  const chosen = state.selected;
  const chosenItem = state.selectedItem;
  return (
    <div className="form-builder">
      {!canChange && (
        <p className="notice notice--info">
          <span className="pi pi-lock" aria-hidden="true" />
          {FORM_BUILDER_MESSAGES.readOnlyRights}
        </p>
      )}
      {canChange && readOnly && (
        <div className="notice notice--info form-builder__published" data-testid="form-published-read-only">
          <span className="pi pi-lock" aria-hidden="true" />
          <span>{FORM_BUILDER_MESSAGES.readOnlyPublished}</span>
          <Button
            type="button"
            label={`Edit as version ${nextVersion}`}
            icon="pi pi-pencil"
            size="small"
            onClick={() => setStartedNew(true)}
          />
        </div>
      )}
      <div className="form-builder__toolbar">
        <fieldset className="form-builder__views">
          <legend className="sr-only">View</legend>
          <Button
            type="button"
            label="Build"
            icon="pi pi-list"
            size="small"
            outlined={previewing}
            aria-pressed={!previewing}
            onClick={() => setPreviewing(false)}
          />
          <Button
            type="button"
            label="Preview"
            icon="pi pi-mobile"
            size="small"
            outlined={!previewing}
            aria-pressed={previewing}
            onClick={() => setPreviewing(true)}
          />
        </fieldset>
        {editable && (
          <div className="form-builder__actions">
            {state.dirty && <span className="muted">Unsaved changes</span>}
            <Button
              type="button"
              label="Save draft"
              icon="pi pi-save"
              size="small"
              outlined
              disabled={!state.dirty || busy}
              loading={mutations.saveDraft.isPending}
              onClick={() => void saveDraft()}
            />
            <Button
              type="button"
              label="Publish"
              icon="pi pi-send"
              size="small"
              disabled={state.problems.length > 0 || busy || (!state.dirty && form.draft === null)}
              loading={mutations.publish.isPending}
              onClick={publish}
            />
          </div>
        )}
      </div>
      {previewing ? (
        <FormPreview definition={state.definition} />
      ) : (
        <>
          <div className="form-builder__head">
            <div className="form-settings__field">
              <label htmlFor="fb-title">Name</label>
              <InputText
                id="fb-title"
                value={state.definition.title}
                maxLength={FORM_LIMITS.nameLength}
                readOnly={readOnly}
                onChange={(e) => state.setTitle(e.target.value)}
              />
            </div>
            <div className="form-settings__field">
              <label htmlFor="fb-description">Introduction</label>
              <InputTextarea
                id="fb-description"
                value={state.definition.description ?? ''}
                rows={2}
                autoResize
                maxLength={FORM_LIMITS.textLength}
                readOnly={readOnly}
                onChange={(e) => state.setDescription(e.target.value)}
              />
            </div>
          </div>
          {editable && (
            <ProblemList problems={state.problems} items={state.definition.item} onShow={showProblem} />
          )}
          <div className="form-builder__body">
            <div className="form-builder__outline">
              <h3>Items</h3>
              <ItemOutline state={state} readOnly={readOnly} />
              {editable && (
                <div className="form-builder__add">
                  <label htmlFor="fb-new-type">New item</label>
                  <BuilderSelect
                    inputId="fb-new-type"
                    what="the type of the new item"
                    value={newType}
                    options={TYPE_OPTIONS}
                    onChange={(e) => setNewType(e.value)}
                  />
                  <Button
                    type="button"
                    label="Add item"
                    icon="pi pi-plus"
                    size="small"
                    onClick={() => state.add(newType)}
                  />
                </div>
              )}
            </div>
            <div className="form-builder__settings">
              {chosen && chosenItem ? (
                <ItemSettings
                  key={chosen.join('.')}
                  state={state}
                  path={chosen}
                  item={chosenItem}
                  readOnly={readOnly}
                />
              ) : (
                <p className="muted">Choose an item to see its settings.</p>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
