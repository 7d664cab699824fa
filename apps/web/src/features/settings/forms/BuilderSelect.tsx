import { Dropdown, type DropdownProps } from 'primereact/dropdown';

/**
 * The builder's Dropdown: labelled by its <label for=inputId>; its hidden native <select> is hidden from
 * assistive technology and its trigger button is named (`what`: "Choose the …").
 */
export function BuilderSelect({ what, ...props }: DropdownProps & { what: string }) {
  return (
    <Dropdown
      {...props}
      pt={{ select: { 'aria-hidden': true }, trigger: { 'aria-label': `Choose ${what}` } }}
    />
  );
}
