import { Sidebar } from 'primereact/sidebar';

/** What the Manage Clients screen does and how to use it, from the mouse and from the keyboard. */
export function HelpPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="help-panel"
      header={<h2 className="help-panel__title">Help: Manage Clients</h2>}
      aria-label="Help: Manage Clients"
      // The text scrolls: keyboard users must be able to focus it to scroll it.
      pt={{ content: { tabIndex: 0 } }}
    >
      <div className="help-panel__body" data-testid="clients-help">
        <h3>Finding clients</h3>
        <ul>
          <li>
            <strong>Search</strong> looks for the text anywhere in a client's ID, name, e-mail or mobile. Type
            and press <kbd>Enter</kbd>; <kbd>Esc</kbd> empties the box. A mobile is found as people say it (
            <code>082 108 7109</code> in South Africa, <code>07700 900123</code> in the UK, or its start) or
            in international form (<code>+27 82…</code>).
          </li>
          <li>
            <strong>Standard filter</strong> shows only active, inactive, pending, natural-person or
            juristic-person clients.
          </li>
          <li>
            The boxes under the column headings filter that column: it must <em>start with</em> what you type
            (type and status take their codes, e.g. <code>A</code> for Active).
          </li>
          <li>
            <strong>Clear Search</strong> removes the search, the standard filter and the column filters.
          </li>
        </ul>
        <h3>Sorting and views</h3>
        <ul>
          <li>
            Click a column heading to sort by it; click again to reverse. Hold <kbd>Ctrl</kbd> (<kbd>⌘</kbd>{' '}
            on a Mac) while clicking to add the column to the sort, up to five columns.
          </li>
          <li>
            <strong>Columns</strong> chooses the columns shown; ID, company ID and category can be added.
          </li>
          <li>
            <strong>Basic</strong> and <strong>Advanced</strong> views differ in the actions each client
            offers.
          </li>
          <li>
            Columns, sort, page size and view are remembered in this browser for you.{' '}
            <strong>Restore to Original View</strong> puts them back and clears every filter.
          </li>
        </ul>
        <h3>Working on a client</h3>
        <ul>
          <li>
            <strong>Select</strong> on a row opens the client's update form; the arrow beside it lists every
            action open to you, such as Update Advanced (healthcare practices) and Delete.
          </li>
          <li>
            <strong>New Client</strong> adds a client. <strong>Export Clients</strong> (administrators) saves
            the clients matching the current search and filters as <code>clients.csv</code>.
          </li>
          <li>
            <strong>Bulk SMS</strong> sends one message to every active client who has a mobile and accepts
            messages; it shows the recipients, the cost and your SMS credit before you confirm.
          </li>
          <li>
            <strong>Import Client Intake</strong> reads intake forms (001 Evexia or 002 Netcare PDF, or a CSV)
            and creates or updates clients; a report lists what was created, updated or rejected and why.
          </li>
          <li>
            <strong>Invoices</strong> opens the company's invoices: status tabs, search, dates, payments and
            PDFs.
          </li>
        </ul>
        <h3>Keyboard</h3>
        <ul>
          <li>
            <kbd>Tab</kbd> moves through the search, filters, column headings and each row's Select button.
          </li>
          <li>
            On a column heading, <kbd>Enter</kbd> sorts. On a Select arrow, <kbd>Enter</kbd> or <kbd>↓</kbd>{' '}
            opens the actions; arrows move and <kbd>Enter</kbd> chooses.
          </li>
          <li>
            <kbd>Esc</kbd> closes menus and this help.
          </li>
        </ul>
      </div>
    </Sidebar>
  );
}
