import type { ClientColumn, ClientView } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { HIDDEN_SELECT } from '../../../components/a11y.ts';
import { COLUMN_OPTIONS } from './columns.ts';
import { STANDARD_FILTER_OPTIONS, type StandardFilter } from './useClientListFilters.ts';
import type { ClientListState } from './useClientListState.ts';

const VIEW_OPTIONS: { value: ClientView; label: string }[] = [
  { value: 'basic', label: 'Basic' },
  { value: 'advanced', label: 'Advanced' },
];

/** Search, standard filter, columns and view: everything that shapes the list, above it. */
export function ListControls({ state }: { state: ClientListState }) {
  return (
    <search className="list-controls" aria-label="Search and view">
      <div className="field list-controls__search">
        <label htmlFor="client-search">Search</label>
        <div className="list-controls__search-row">
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText
              id="client-search"
              value={state.searchText}
              placeholder="ID, name, e-mail or mobile"
              aria-describedby="client-search-hint"
              onChange={(e) => state.setSearchText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  state.applySearch();
                } else if (e.key === 'Escape') {
                  e.preventDefault();
                  state.clearSearchBox();
                }
              }}
            />
          </IconField>
          <Button type="button" label="Search" outlined onClick={state.applySearch} />
        </div>
        <small id="client-search-hint" className="muted">
          Press Enter to search, Esc to clear.
        </small>
      </div>
      <div className="field">
        <label htmlFor="client-standard-filter">Standard filter</label>
        <Dropdown
          inputId="client-standard-filter"
          value={state.standardFilter}
          options={STANDARD_FILTER_OPTIONS}
          placeholder="All clients"
          showClear
          onChange={(e) => state.setStandardFilter((e.value as StandardFilter | undefined) ?? null)}
          className="list-controls__standard"
          pt={HIDDEN_SELECT}
        />
      </div>
      <div className="field">
        <label htmlFor="client-columns">Columns</label>
        <MultiSelect
          inputId="client-columns"
          value={state.view.columns}
          options={COLUMN_OPTIONS}
          onChange={(e) => state.setColumns(e.value as ClientColumn[])}
          maxSelectedLabels={2}
          selectedItemsLabel="{0} columns"
          className="list-controls__columns"
        />
      </div>
      <div className="field">
        <span id="client-view-label" className="field__label">
          View
        </span>
        <SelectButton
          value={state.view.mode}
          options={VIEW_OPTIONS}
          allowEmpty={false}
          onChange={(e) => e.value && state.setMode(e.value as ClientView)}
          ariaLabelledBy="client-view-label"
        />
      </div>
      <div className="list-controls__buttons">
        <Button
          type="button"
          label="Clear Search"
          icon="pi pi-filter-slash"
          outlined
          onClick={state.clearAll}
        />
        <Button
          type="button"
          label="Restore to Original View"
          icon="pi pi-replay"
          text
          onClick={state.restoreOriginal}
        />
      </div>
    </search>
  );
}
