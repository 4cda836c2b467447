import { useId, useState } from 'react';
import { ProjectInputSchema } from '@portfolio/contract';
import type { ProjectInput, PublicationInput } from '@portfolio/shared/api-client';
import type { Project } from '@portfolio/shared/types';
import {
  DESCRIPTION_LABEL,
  LINK_LABEL,
  SKILLS_LABEL,
  TITLE_LABEL,
  newOrEditTitle,
  PROJECT_SAVE_ERROR,
} from '../../texts';
import { EditorFrame, useEditorSave } from './EditorFrame';
import { ImageField } from './ImageField';
import { TextField } from './TextField';

/** The API's limits of each field (docs/decisions/052). */
const LIMITS = ProjectInputSchema.properties;

export interface EditorProps<T, Input> {
  /** The record being edited, or null for a new one. */
  initial: T | null;
  onSave(input: Input): Promise<void>;
  onCancel(): void;
}

/** "a, b ,, c" → ["a", "b", "c"]. */
export function parseSkills(text: string): string[] {
  return text
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}

export function ProjectEditor({ initial, onSave, onCancel }: EditorProps<Project, ProjectInput>) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [imagePath, setImagePath] = useState(initial?.imagePath ?? '');
  const [skills, setSkills] = useState(initial?.skills?.join(', ') ?? '');
  const [link, setLink] = useState(initial?.link ?? '');
  const { busy, error, save } = useEditorSave(onSave, PROJECT_SAVE_ERROR);

  const submit = (publication: PublicationInput) => {
    const input: ProjectInput = {
      title: title.trim(),
      description: description.trim(),
      imagePath: imagePath.trim(),
      ...publication,
    };
    const skillList = parseSkills(skills);
    if (skillList.length > 0) input.skills = skillList;
    if (link.trim()) input.link = link.trim();
    void save(input);
  };

  return (
    <EditorFrame
      title={newOrEditTitle('project', initial !== null)}
      initial={initial}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        formId={id}
        name="title"
        label={TITLE_LABEL}
        required
        maxLength={LIMITS.title.maxLength}
        value={title}
        onChange={setTitle}
      />
      <TextField
        formId={id}
        name="description"
        label={DESCRIPTION_LABEL}
        required
        rows={6}
        maxLength={LIMITS.description.maxLength}
        value={description}
        onChange={setDescription}
      />
      <ImageField value={imagePath} onChange={setImagePath} required />
      <TextField
        formId={id}
        name="skills"
        label={SKILLS_LABEL}
        value={skills}
        onChange={setSkills}
      />
      <TextField
        formId={id}
        name="link"
        label={LINK_LABEL}
        type="url"
        inputMode="url"
        placeholder="https://"
        maxLength={LIMITS.link.maxLength}
        value={link}
        onChange={setLink}
      />
    </EditorFrame>
  );
}
