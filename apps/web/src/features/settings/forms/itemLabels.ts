import { FORM_ITEM_TYPE_LABELS, FORM_ITEM_TYPES, type FormItem, type FormItemType } from '@pd/contracts';

export const TYPE_OPTIONS = FORM_ITEM_TYPES.map((type) => ({
  value: type,
  label: FORM_ITEM_TYPE_LABELS[type],
}));

export const ITEM_TYPE_ICONS: Record<FormItemType, string> = {
  group: 'folder',
  display: 'info-circle',
  boolean: 'check-square',
  decimal: 'percentage',
  integer: 'hashtag',
  date: 'calendar',
  string: 'minus',
  text: 'align-left',
  choice: 'list',
  'open-choice': 'list-check',
  attachment: 'paperclip',
  signature: 'pencil',
};

/** How the builder names an item: its text, else its type and id. */
export const itemName = (item: FormItem) =>
  item.text?.trim() ? item.text.trim() : `${FORM_ITEM_TYPE_LABELS[item.type]} ${item.linkId}`;
