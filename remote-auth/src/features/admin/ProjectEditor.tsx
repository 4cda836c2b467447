import { useId } from 'react';
import { ProjectInputSchema } from '@portfolio/contract';
import { getProjectRevision } from '@portfolio/shared/api-client';
import type { ProjectInput, PublicationInput } from '@portfolio/shared/api-client';
import type { ProjectVersion } from '@portfolio/contract';
import type { Project } from '@portfolio/shared/types';
import {
  DESCRIPTION_LABEL,
  IMAGE_PATH_LABEL,
  LINK_LABEL,
  SKILLS_LABEL,
  TITLE_LABEL,
  PROJECT_SAVE_ERROR,
} from '../../texts';
import { EditorFrame, useEditorSave } from './EditorFrame';
import { ImageField } from './ImageField';
import { useEditorValues } from './RecoveredWork';
import { TextField } from './TextField';
import { VersionsPanel } from './VersionsPanel';

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

/** What the editor's fields hold. */
type ProjectValues = {
  title: string;
  description: string;
  imagePath: string;
  skills: string;
  link: string;
};

/** Each field's name in the Versions panel's comparison. */
const VALUE_LABELS: Record<keyof ProjectValues, string> = {
  title: TITLE_LABEL,
  description: DESCRIPTION_LABEL,
  imagePath: IMAGE_PATH_LABEL,
  skills: SKILLS_LABEL,
  link: LINK_LABEL,
};

/** A version the API kept (docs/decisions/143), as the editor's fields hold it. */
function valuesOfVersion(version: ProjectVersion): ProjectValues {
  return {
    title: version.title,
    description: version.description,
    imagePath: version.imagePath,
    skills: version.skills?.join(', ') ?? '',
    link: version.link ?? '',
  };
}

export function ProjectEditor({ initial, onSave, onCancel }: EditorProps<Project, ProjectInput>) {
  const id = useId();
  const editor = useEditorValues<ProjectValues>({
    key: `project:${initial?._id ?? 'new'}`,
    initial: () => ({
      title: initial?.title ?? '',
      description: initial?.description ?? '',
      imagePath: initial?.imagePath ?? '',
      skills: initial?.skills?.join(', ') ?? '',
      link: initial?.link ?? '',
    }),
    savedAt: initial?.updatedAt,
    onCancel,
  });
  const { saved, values, set, fill, work } = editor;
  const { title, description, imagePath, skills, link } = values;
  const saving = useEditorSave(onSave, PROJECT_SAVE_ERROR, undefined, work.forget);

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
    void saving.save(input);
  };

  return (
    <EditorFrame
      kind="project"
      formId={id}
      initial={initial}
      editor={editor}
      saving={saving}
      onSubmit={submit}
    >
      <TextField
        formId={id}
        name="description"
        label={DESCRIPTION_LABEL}
        required
        rows={6}
        maxLength={LIMITS.description.maxLength}
        value={description}
        onChange={(description) => set({ description })}
      />
      <ImageField value={imagePath} onChange={(imagePath) => set({ imagePath })} required />
      <TextField
        formId={id}
        name="skills"
        label={SKILLS_LABEL}
        value={skills}
        onChange={(skills) => set({ skills })}
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
        onChange={(link) => set({ link })}
      />
      {initial && (
        <VersionsPanel
          kind="projects"
          id={initial._id}
          saved={saved}
          current={values}
          body="description"
          labels={VALUE_LABELS}
          read={async (number, options) =>
            valuesOfVersion((await getProjectRevision(initial._id, number, options)).version)
          }
          onRestore={fill}
        />
      )}
    </EditorFrame>
  );
}
