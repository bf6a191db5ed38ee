import { useParams } from 'react-router';

/**
 * The record of an add-or-edit page from the route parameter `param`: `id` (null on the add page),
 * `isEdit`, and `validId` (false when the address holds no positive whole number).
 */
export function useRecordId(param: string) {
  const value = useParams()[param];
  const id = value ? Number(value) : null;
  const isEdit = id !== null;
  return { id, isEdit, validId: !isEdit || (Number.isInteger(id) && id > 0) };
}
