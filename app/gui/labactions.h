// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The main window's interventions lab: File > Run Recipe (the built-in experiment recipes, one action
// each), Branch a Cooldown… from the selected checkpoint, Average Checkpoints (LAWA)… over the selected
// run and Make a Model Soup… of its chosen checkpoints. It owns those actions and the Run Recipe menu,
// enables them for the selected run while no job runs, asks what the user wants, and hands the jobs to
// the window's JobControl.

#include "core/config/averagingspec.h"

#include <QObject>
#include <QString>

#include <vector>

class QAction;
class QMainWindow;
class QMenu;

namespace qs {

class InterventionJob;
class JobControl;
class Selection;
class Settings;
class StoreFollower;

class LabActions : public QObject
{
    Q_OBJECT

public:
    // Dialogs go into `window`; the jobs run through `jobs`.
    LabActions(Selection* selection, Settings* settings, StoreFollower* follower, JobControl* jobs,
               QMainWindow* window);

    // Branch a Cooldown…, Average Checkpoints (LAWA)… and Make a Model Soup… at the end of `file`.
    void addActions(QMenu* file);
    // The Run Recipe submenu at the end of `file`.
    void addRecipesMenu(QMenu* file);
    // Enables the actions while no job runs, those that act on the selected run for a run they can act on.
    void updateActions();

    // Runs the built-in recipe `name` (recipes.h) in `dir`, following its store and opening it when done;
    // its report and figures land in `dir`.
    void startRecipe(const QString& name, const QString& dir);
    // A cooldown of `steps` steps branched from checkpoint `step` of `run` of the open store, and LAWA
    // over `run` (what Branch a Cooldown… and Average Checkpoints… start after asking).
    void startCooldown(const QString& run, qint64 step, qint64 steps);
    void startLawa(const QString& run, int window);
    // Asks which checkpoints of the selected run to average (SoupDialog) and makes the soup.
    void chooseSoup();
    // A soup of `ingredients` as run `name` of the open store, its checkpoint under `folder` (empty:
    // checkpoints/<name> next to the store).
    void startSoup(const QString& name, const std::vector<SoupIngredient>& ingredients, const QString& folder = {});

private:
    // Runs an intervention through the job control; an empty title or message says it as for any
    // intervention.
    void runIntervention(InterventionJob* job, const QString& startMessage, const QString& failTitle = {},
                         const QString& cancelledMessage = {});

    Selection* m_selection = nullptr;
    Settings* m_settings = nullptr;
    StoreFollower* m_follower = nullptr;
    JobControl* m_jobs = nullptr;
    QMainWindow* m_window = nullptr;
    QMenu* m_recipesMenu = nullptr;
    QAction* m_cooldownAction = nullptr;
    QAction* m_lawaAction = nullptr;
    QAction* m_soupAction = nullptr;
};

} // namespace qs
