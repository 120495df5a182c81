// SPDX-FileCopyrightText: 2026 QuantScope developers
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One shared test entry point: every test runs headless (offscreen platform) with a fixed number of
// torch threads, whether started by CTest or by hand.

#include "core/common/errors.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdlib>
#include <functional>
#include <initializer_list>

namespace qs::test {

inline void prepareEnvironment()
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

// tests/support: the shared fixtures and the Python references and second clients the tests run.
inline QString supportDir()
{
    return QStringLiteral(QS_PROJECT_SOURCE_DIR "/tests/support");
}

// The whole of a file; empty when it cannot be read.
inline QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The project's source tree (resources/, translations/, the sources lupdate reads).
inline QString projectDir()
{
    return QStringLiteral(QS_PROJECT_SOURCE_DIR);
}

// The python of the peer environment (packaging/peer-env.sh, made by ctest's peers.env before the tests
// that need it): stores are read with its h5py and pandas, the versions docs/verification.md lists.
// Empty, with `why` saying how to make it, when the environment is not there.
inline QString peerPython(QString* why)
{
    const QString python = QStringLiteral(QS_PEER_PYTHON);
    const QString folder = QFileInfo(python).absolutePath() + QStringLiteral("/..");
    if (QFileInfo(python).isExecutable() && QFileInfo::exists(folder + QStringLiteral("/.complete")))
        return python;
    *why = QStringLiteral("the peer environment is not installed (") + python
        + QStringLiteral(" is missing): make it with packaging/peer-env.sh (ctest runs it as the test peers.env)");
    return {};
}

// The fragments a table row's message must contain, as a QStringList column value.
inline QStringList fragmentList(std::initializer_list<const char*> fragments)
{
    QStringList list;
    for (const char* f : fragments)
        list << QString::fromUtf8(f);
    return list;
}

// Writes `content` to `path` (replacing it) and returns the path; an unwritable path leaves the file
// absent, which the reading code under test then reports.
inline QString writeFile(const QString& path, const QByteArray& content)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        file.write(content);
    return path;
}

// The message of the qs::Error that `f` throws, or an empty string if it throws none.
inline QString errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const qs::Error& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

// The message of the E that `fn` throws; "" when it throws nothing, a note when it throws another type.
template<typename E, typename Fn>
QString errorOfType(Fn fn)
{
    try {
        fn();
    } catch (const E& e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        return QStringLiteral("wrong exception type: ") + QString::fromUtf8(e.what());
    }
    return {};
}

#ifdef QS_BINARY
// What a run of the quantscope binary (QS_BINARY, headless) printed and returned.
struct CliResult
{
    int exitCode = -1; // -1 when it crashed or ran out of time (then it is killed)
    QString out;
    QString err;
};

inline CliResult runCli(const QStringList& args, int timeoutMs = 240000)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(QS_BINARY), args);
    if (!p.waitForFinished(timeoutMs))
        p.kill();
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}
#endif

} // namespace qs::test

// Like QTEST_MAIN / QTEST_GUILESS_MAIN, but always headless.
#define QS_TEST_MAIN(TestObject)                                                                                       \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        qs::test::prepareEnvironment();                                                                                \
        QApplication app(argc, argv);                                                                                  \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }

#define QS_TEST_GUILESS_MAIN(TestObject)                                                                               \
    int main(int argc, char** argv)                                                                                    \
    {                                                                                                                  \
        qs::test::prepareEnvironment();                                                                                \
        QCoreApplication app(argc, argv);                                                                              \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }
